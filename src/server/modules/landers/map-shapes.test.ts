import { describe, expect, it } from 'vitest';
import { LANDER_RULES } from '../../../shared/rules-landers';
import { ATLAS_IDS, countryMap } from './map-shapes';

describe('country maps of the map lander (world-atlas, drawn on the server)', () => {
  it('draws the mainland of each served country with its neighbours, overseas parts out of view', () => {
    const nl = countryMap('NL')!;
    expect(nl.width).toBe(LANDER_RULES.map.viewWidth);
    expect(nl.height / nl.width).toBeGreaterThanOrEqual(LANDER_RULES.map.minAspect);
    expect(nl.height / nl.width).toBeLessThanOrEqual(LANDER_RULES.map.maxAspect);
    expect(nl.shapes.filter((s) => s.home).map((s) => s.id)).toEqual([ATLAS_IDS.NL]);
    // Belgium and Germany beside it, the home country drawn last (on top).
    expect(nl.shapes.map((s) => s.id)).toEqual(expect.arrayContaining([ATLAS_IDS.BE, ATLAS_IDS.DE]));
    expect(nl.shapes.at(-1)?.home).toBe(true);
    const amsterdam = nl.project(52.37, 4.89)!;
    const groningen = nl.project(53.22, 6.57)!;
    expect(groningen.y).toBeLessThan(amsterdam.y);
    expect(groningen.x).toBeGreaterThan(amsterdam.x);

    // The US map is the lower 48 (Anchorage, Honolulu out of view); France's has no French Guiana.
    const us = countryMap('US')!;
    expect(us.project(40.71, -74.0)).not.toBeNull();
    expect(us.project(61.22, -149.9)).toBeNull();
    expect(us.project(21.31, -157.86)).toBeNull();
    expect(countryMap('FR')!.project(4.94, -52.33)).toBeNull();
    // Copenhagen is on Denmark's map though not on its largest island.
    expect(countryMap('DK')!.project(55.68, 12.57)).not.toBeNull();
    // New Zealand's view crosses the antimeridian; Australia shares its id with a territory: one home each.
    for (const c of ['NZ', 'AU']) {
      const shapes = countryMap(c)!.shapes;
      expect(shapes.filter((s) => s.home).map((s) => s.id)).toEqual([ATLAS_IDS[c]]);
      expect(new Set(shapes.map((s) => s.id)).size).toBe(shapes.length);
    }
    // Kept small: simplified to what shows at the map's size.
    for (const c of ['NL', 'US', 'FR', 'DK'])
      expect(JSON.stringify(countryMap(c)!.shapes).length).toBeLessThan(40_000);
  });

  it('has no map for a country the atlas list does not name', () => {
    expect(countryMap('ZZ')).toBeNull();
  });
});

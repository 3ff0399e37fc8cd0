import { describe, expect, it } from 'vitest';
import { LANDER_RULES } from '../../../shared/rules-landers';
import { snapToGrid } from '../profiles/location';
import { areaCell, distanceKm, type LocatedMember, membersByArea } from './map-areas';

/** A small deterministic generator (mulberry32), so a failure can be replayed. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Members as stored (snapped cells) all over the world, from the equator to the far north and south. */
function members(count: number, seed: number, lat: [number, number], lon: [number, number]): LocatedMember[] {
  const next = random(seed);
  return Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    latCell: snapToGrid(lat[0] + next() * (lat[1] - lat[0])),
    lonCell: snapToGrid(lon[0] + next() * (lon[1] - lon[0])),
  }));
}

const FLOOR = LANDER_RULES.map.privacyFloorKm;
const KM = LANDER_RULES.map.areaKm;

const WORLDS = [
  { name: 'the whole world', lat: [-85, 85], lon: [-180, 180] },
  { name: 'one city (Amsterdam, 20 km)', lat: [52.28, 52.46], lon: [4.75, 5.05] },
  { name: 'the far north (Tromsø to Svalbard)', lat: [69, 80], lon: [15, 25] },
  { name: 'a crowded street (1 km)', lat: [48.85, 48.86], lon: [2.34, 2.36], crowded: true },
] as const;

describe('map positions of the map lander (LANDER_RULES.map)', () => {
  it('the rule is at least the privacy floor of 1 km', () => {
    expect(FLOOR).toBeGreaterThanOrEqual(1);
    expect(KM).toBeGreaterThanOrEqual(FLOOR);
    expect(() => membersByArea(members(3, 1, [50, 51], [4, 5]), FLOOR / 2)).toThrow(/privacy floor/);
  });

  for (const world of WORLDS) {
    it(`are never finer than the rule for any member: ${world.name}`, () => {
      const list = members(600, world.name.length, [...world.lat], [...world.lon]);
      const areas = membersByArea(list);
      // Every member is in exactly one area.
      expect(areas.flatMap((a) => a.members.map((m) => m.id)).sort((a, b) => a - b)).toEqual(
        list.map((m) => m.id),
      );
      for (const area of areas) {
        for (const m of area.members) {
          // The position is the middle of the member's cell: the same for anyone anywhere in that cell...
          const cell = areaCell(m.latCell, m.lonCell, KM);
          expect({ lat: area.lat, lon: area.lon }).toEqual({ lat: cell.lat, lon: cell.lon });
          // ...and that cell is at least the rule wide in both directions where the member is.
          expect(cell.latStep * 111.195).toBeGreaterThanOrEqual(KM - 1e-9);
          const at = { lat: m.latCell, lon: m.lonCell };
          const east = distanceKm(at, { lat: m.latCell, lon: m.lonCell + cell.lonStep });
          expect(east).toBeGreaterThanOrEqual(KM - 1e-6);
        }
      }
      // Two different positions are never closer than the privacy floor: the map's grid is no finer than it.
      let closest = Number.POSITIVE_INFINITY;
      for (let i = 0; i < areas.length; i++) {
        for (let j = i + 1; j < areas.length; j++)
          closest = Math.min(closest, distanceKm(areas[i]!, areas[j]!));
      }
      // 600 members of one street share one or two markers; spread out, they make many areas.
      if ('crowded' in world) expect(areas.length).toBeLessThanOrEqual(2);
      else expect(areas.length).toBeGreaterThan(4);
      expect(closest).toBeGreaterThanOrEqual(FLOOR);
    });
  }

  it('moving a member within the privacy floor of a cell middle never moves the position', () => {
    const cell = areaCell(52.37, 4.89, KM);
    const rad = Math.PI / 180;
    const step = FLOOR / 111.195;
    for (const [dLat, dLon] of [
      [step, 0],
      [-step, 0],
      [0, step / Math.cos(cell.lat * rad)],
      [0, -step / Math.cos(cell.lat * rad)],
    ] as const) {
      const moved = membersByArea([{ id: 1, latCell: cell.lat + dLat, lonCell: cell.lon + dLon }])[0]!;
      expect({ lat: moved.lat, lon: moved.lon }).toEqual({ lat: cell.lat, lon: cell.lon });
    }
  });

  it('shows no member at their own stored position', () => {
    const list = members(400, 7, [40, 60], [-5, 25]);
    const areas = membersByArea(list);
    for (const area of areas) {
      for (const m of area.members) {
        expect(distanceKm(area, { lat: m.latCell, lon: m.lonCell })).toBeGreaterThan(0);
      }
    }
  });
});

import { createRequire } from 'node:module';
import { type GeoProjection, geoArea, geoBounds, geoCentroid, geoMercator, geoPath } from 'd3-geo';
import type { Feature, FeatureCollection, Geometry, MultiPolygon, Polygon } from 'geojson';
import { feature } from 'topojson-client';
import { presimplify, simplify } from 'topojson-simplify';
import type { GeometryCollection, Objects, Topology } from 'topojson-specification';
import { LANDER_RULES } from '../../../shared/rules-landers';

/** ISO 3166-1 numeric (the ids of world-atlas, Natural Earth) of the countries the network serves. */
export const ATLAS_IDS: Record<string, string> = {
  US: '840',
  NL: '528',
  BE: '056',
  FR: '250',
  IT: '380',
  ES: '724',
  DE: '276',
  AT: '040',
  IE: '372',
  GB: '826',
  CA: '124',
  PL: '616',
  AU: '036',
  NZ: '554',
  CH: '756',
  DK: '208',
  FI: '246',
  NO: '578',
  SE: '752',
};

/** Detail kept (Visvalingam triangle area in square pixels of the map's view box): less is invisible on a lander. */
const MIN_PIXELS = 2;
/** A home polygon this far (degrees) from the country's largest one's box is left out of the view (overseas parts). */
const NEAR_DEGREES = 5;

export interface CountryMap {
  country: string;
  width: number;
  height: number;
  shapes: { id: string; d: string; home: boolean }[];
  /** SVG position of a point of this map; null outside the view */
  project: (lat: number, lon: number) => { x: number; y: number } | null;
}

type CountryFeature = Feature<Geometry, { name: string }>;
type Atlas = Topology<Objects<{ name: string }>>;
type Box = [[number, number], [number, number]];
let atlas: { topology: Atlas; features: CountryFeature[]; bounds: Box[] } | undefined;

/** world-atlas' 1:50m Natural Earth countries (read from the package, never fetched), with each one's bounds. */
function world() {
  if (!atlas) {
    const require = createRequire(import.meta.url);
    const topology = presimplify(require('world-atlas/countries-50m.json') as Atlas);
    const collection = feature(topology, topology.objects.countries as GeometryCollection<{ name: string }>);
    const features = (collection as FeatureCollection<Geometry, { name: string }>).features;
    atlas = { topology, features, bounds: features.map((f) => planarBox(f.geometry)) };
  }
  return atlas;
}

/**
 * The longitude-latitude box of a geometry's points (a quick bound: a country across the antimeridian spans all
 * longitudes, so it is always among the candidates).
 */
function planarBox(geometry: Geometry): Box {
  let [west, south, east, north] = [180, 90, -180, -90];
  for (const polygon of polygonsOf(geometry)) {
    for (const ring of polygon.coordinates) {
      for (const [lon = 0, lat = 0] of ring) {
        west = Math.min(west, lon);
        east = Math.max(east, lon);
        south = Math.min(south, lat);
        north = Math.max(north, lat);
      }
    }
  }
  return [
    [west, south],
    [east, north],
  ];
}

/**
 * The countries whose bounds meet `view` (west, south, east, north in degrees; a view across the antimeridian
 * by latitude only), simplified to `minWeight` (planar triangle area in square degrees, presimplify's default).
 */
function featuresIn(view: Box, minWeight: number): CountryFeature[] {
  const { topology, bounds } = world();
  const [[west, south], [east, north]] = view;
  const all = (topology.objects.countries as GeometryCollection<{ name: string }>).geometries;
  const geometries = all.filter((_, i) => {
    const [[w, s], [e, n]] = bounds[i] as Box;
    // A view across the antimeridian (New Zealand's) is tested by latitude only.
    const lonMeets = west > east || (w <= east && e >= west);
    return lonMeets && s <= north && n >= south;
  });
  const simple: Atlas = simplify(topology, minWeight);
  const collection = feature(simple, { type: 'GeometryCollection', geometries });
  return (collection as FeatureCollection<Geometry, { name: string }>).features;
}

function polygonsOf(geometry: Geometry): Polygon[] {
  if (geometry.type === 'Polygon') return [geometry];
  if (geometry.type === 'MultiPolygon') {
    return (geometry as MultiPolygon).coordinates.map((coordinates) => ({ type: 'Polygon', coordinates }));
  }
  return [];
}

/** The part of a country that its map shows: its largest polygon and those near it (not overseas territories). */
export function mainland(geometry: Geometry): MultiPolygon {
  const polygons = polygonsOf(geometry);
  const largest = polygons.reduce((a, b) => (geoArea(b) > geoArea(a) ? b : a));
  const [[west, south], [east, north]] = geoBounds(largest);
  const near = polygons.filter((p) => {
    const [lon, lat] = geoCentroid(p);
    const dLon = lon < west ? west - lon : lon > east ? lon - east : 0;
    const dLat = lat < south ? south - lat : lat > north ? lat - north : 0;
    return Math.hypot(dLon, dLat) <= NEAR_DEGREES;
  });
  return { type: 'MultiPolygon', coordinates: near.map((p) => p.coordinates) };
}

const maps = new Map<string, CountryMap | null>();

/**
 * The map of a served country: Mercator fitted to its mainland, the view box as tall as the shape asks (within
 * LANDER_RULES.map's ratios), and every country inside the view as an SVG path (one decimal). Null for a country
 * the atlas does not carry. Computed once per country.
 */
export function countryMap(country: string): CountryMap | null {
  const cached = maps.get(country);
  if (cached !== undefined) return cached;
  const made = makeCountryMap(country);
  maps.set(country, made);
  return made;
}

function makeCountryMap(country: string): CountryMap | null {
  const id = ATLAS_IDS[country];
  const home = id ? world().features.find((f) => f.id === id) : undefined;
  if (!home) return null;
  const rules = LANDER_RULES.map;
  const width = rules.viewWidth;
  const focus = mainland(home.geometry);
  const pad = width * 0.04;
  const probe = geoMercator().fitWidth(width - 2 * pad, focus);
  const [[, top], [, bottom]] = geoPath(probe).bounds(focus);
  const aspect = Math.min(rules.maxAspect, Math.max(rules.minAspect, (bottom - top + 2 * pad) / width));
  const height = Math.round(width * aspect);
  const projection: GeoProjection = geoMercator()
    .fitExtent(
      [
        [pad, pad],
        [width - pad, height - pad],
      ],
      focus,
    )
    .clipExtent([
      [0, 0],
      [width, height],
    ]);
  const path = geoPath(projection).digits(1);
  // Mercator's scale is pixels per radian: a pixel is about 180 / π / scale degrees (less away from the equator).
  const [west, north] = projection.invert?.([0, 0]) ?? [-180, 90];
  const [east, south] = projection.invert?.([width, height]) ?? [180, -90];
  const view: Box = [
    [west, south],
    [east, north],
  ];
  const simple = featuresIn(view, MIN_PIXELS * (180 / Math.PI / projection.scale()) ** 2);
  const shapes: CountryMap['shapes'] = [];
  const ids = new Set<string>();
  for (const f of simple) {
    const d = path(f);
    if (!d) continue;
    const isHome = f.id === home.id && f.properties.name === home.properties.name;
    // Natural Earth gives a few territories their country's id (Australia's): those get their name added.
    const plain = String(f.id ?? f.properties.name);
    const id = ids.has(plain) || (!isHome && plain === home.id) ? `${plain}-${f.properties.name}` : plain;
    ids.add(id);
    shapes.push({ id, d, home: isHome });
  }
  // The home country last, so its outline is drawn over its neighbours'.
  shapes.sort((a, b) => Number(a.home) - Number(b.home));
  const project = (lat: number, lon: number) => {
    const p = projection([lon, lat]);
    if (!p) return null;
    const [x, y] = p;
    if (x < 0 || y < 0 || x > width || y > height) return null;
    return { x: Math.round(x * 10) / 10, y: Math.round(y * 10) / 10 };
  };
  return { country, width, height, shapes, project };
}

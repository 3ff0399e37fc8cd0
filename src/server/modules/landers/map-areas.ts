import { LANDER_RULES } from '../../../shared/rules-landers';

/** Kilometres per degree of latitude (and of longitude at the equator), on a sphere of the Earth's mean radius. */
export const KM_PER_DEGREE = 111.195;

/** A member's stored location cell (profiles.lat_cell / lon_cell, already snapped to about 1 km). */
export interface LocatedMember {
  id: number;
  latCell: number;
  lonCell: number;
}

/** An area of the map: the middle of its cell, and the members in it (never one member's own position). */
export interface MapArea<M extends LocatedMember> {
  key: string;
  lat: number;
  lon: number;
  members: M[];
}

/** The cell of a position on a grid of `km` squares: rows of equal latitude, columns as wide as `km` at the row. */
export function areaCell(lat: number, lon: number, km: number) {
  const latStep = km / KM_PER_DEGREE;
  const row = Math.floor(lat / latStep);
  const middleLat = Math.max(-89.9, Math.min(89.9, (row + 0.5) * latStep));
  // The row's narrowest edge decides the width, so no column is narrower than `km` anywhere in it.
  const edgeLat = Math.min(89.9, Math.max(Math.abs(row * latStep), Math.abs((row + 1) * latStep)));
  const lonStep = Math.min(360, km / (KM_PER_DEGREE * Math.cos((edgeLat * Math.PI) / 180)));
  const col = Math.floor((lon + 180) / lonStep);
  const middleLon = Math.min(180, -180 + (col + 0.5) * lonStep);
  return { key: `${row}:${col}`, lat: middleLat, lon: middleLon, latStep, lonStep };
}

/**
 * Members grouped by area of `km` (LANDER_RULES.map.areaKm): one position per area, the middle of its cell, so a
 * map shows where members are to within `km` and never where one of them lives. Refuses a grid finer than the
 * location-privacy floor. Areas come in the order of their first member.
 */
export function membersByArea<M extends LocatedMember>(
  members: readonly M[],
  km: number = LANDER_RULES.map.areaKm,
): MapArea<M>[] {
  if (!(km >= LANDER_RULES.map.privacyFloorKm)) {
    throw new Error(`map areas of ${km} km are finer than the privacy floor`);
  }
  const areas = new Map<string, MapArea<M>>();
  for (const m of members) {
    if (!Number.isFinite(m.latCell) || !Number.isFinite(m.lonCell)) continue;
    const cell = areaCell(m.latCell, m.lonCell, km);
    const area = areas.get(cell.key);
    if (area) area.members.push(m);
    else areas.set(cell.key, { key: cell.key, lat: cell.lat, lon: cell.lon, members: [m] });
  }
  return [...areas.values()];
}

/** Great-circle distance in km (haversine), for checks of the grid. */
export function distanceKm(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * KM_PER_DEGREE * (180 / Math.PI) * Math.asin(Math.min(1, Math.sqrt(h)));
}

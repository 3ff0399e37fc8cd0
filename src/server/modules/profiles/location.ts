import type { ProfileUpdate } from '../../../shared/schemas/profiles';
import { fieldError } from '../../lib/app-error';

/** Stored locations are snapped to this grid (0.01° ≈ 1 km) so the exact position is never kept. */
export function snapToGrid(degrees: number): number {
  return Math.round(degrees * 100) / 100;
}

/**
 * The location cells to store for a profile update: undefined when the update does not touch the location,
 * nulls when it forgets it, else the snapped position. Latitude and longitude come together.
 */
export function locationCells(
  b: Pick<ProfileUpdate, 'lat' | 'lon'>,
): { latCell: number | null; lonCell: number | null } | undefined {
  if (b.lat === undefined && b.lon === undefined) return undefined;
  if (b.lat == null && b.lon == null) return { latCell: null, lonCell: null };
  if (b.lat == null) throw fieldError(400, 'validation_failed', 'lat', 'validation.required');
  if (b.lon == null) throw fieldError(400, 'validation_failed', 'lon', 'validation.required');
  return { latCell: snapToGrid(b.lat), lonCell: snapToGrid(b.lon) };
}

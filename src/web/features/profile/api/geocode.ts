import type { z } from 'zod';
import type { geocodeResultSchema } from '../../../../shared/schemas/member-profile';
import { api } from '../../../lib/http';

export type GeocodeResult = z.infer<typeof geocodeResultSchema>;

/** GET /api/geocode.php?lat&lon: the country, region and city of a position, or false when unknown. */
export const geocodeCall = (lat: number, lon: number): Promise<GeocodeResult> =>
  api<GeocodeResult>('api/geocode.php', { query: { lat, lon } });

import { z } from 'zod';
import { profileCardSchema } from './members';

/**
 * GET /api/lander-map.php: the members near the visitor for the map lander, by area. Positions are SVG coordinates
 * of the country's map (the same projection as /api/lander-map-shapes.php), each the middle of an area of
 * LANDER_RULES.map.areaKm: the answer carries no member's coordinates.
 */
export const landerMapAreaSchema = z.object({
  key: z.string(),
  x: z.number(),
  y: z.number(),
  /** the members of the area (the first LANDER_RULES.map.maxPerArea), and how many there are */
  members: z.array(profileCardSchema),
  count: z.number().int(),
});
export type LanderMapArea = z.infer<typeof landerMapAreaSchema>;

export const landerMapResponseSchema = z.object({
  /** the country drawn: the visitor's (GeoIP) when the site serves it, else the site's choice for the language */
  country: z.string(),
  areas: z.array(landerMapAreaSchema),
});
export type LanderMapResponse = z.infer<typeof landerMapResponseSchema>;

/** GET /api/lander-map-shapes.php?country=: the country and its neighbours as SVG paths, for the map lander. */
export const landerMapShapesResponseSchema = z.object({
  country: z.string(),
  width: z.number(),
  height: z.number(),
  shapes: z.array(z.object({ id: z.string(), d: z.string(), home: z.boolean() })),
});
export type LanderMapShapes = z.infer<typeof landerMapShapesResponseSchema>;

export const landerMapQuerySchema = z.object({ lang: z.string().max(10).optional() });
export const landerMapShapesQuerySchema = z.object({ country: z.string().regex(/^[A-Z]{2}$/) });

import { z } from 'zod';

/** The figures console (issue 22, point 9): days are UTC dates YYYY-MM-DD, `to` inclusive, at most a year. */
export const FIGURES_DEFAULT_DAYS = 14;
export const FIGURES_MAX_DAYS = 366;

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** GET /api/admin/figures.php, traffic.php and traffic.csv: a site (none: all sites) and a period. */
export const figuresQuerySchema = z.object({
  site: z.coerce.number().int().positive().optional(),
  from: isoDay.optional(),
  to: isoDay.optional(),
});
export type FiguresQuery = z.infer<typeof figuresQuerySchema>;

const periodSchema = z.object({ from: isoDay, to: isoDay, site: z.number().int().nullable() });

export const figuresDaySchema = z.object({
  day: isoDay,
  signups: z.number().int(),
  confirmations: z.number().int(),
  first_purchases: z.number().int(),
  messages: z.number().int(),
  reports: z.number().int(),
  /** currency -> integer minor units paid that day */
  revenue: z.record(z.string(), z.number().int()),
});
export type FiguresDay = z.infer<typeof figuresDaySchema>;

export const figuresResponseSchema = z.object({
  period: periodSchema,
  sites: z.array(z.object({ id: z.number().int(), domain: z.string(), name: z.string() })),
  days: z.array(figuresDaySchema),
  totals: figuresDaySchema.omit({ day: true }),
  /** waiting for staff now (not per day) */
  queues: z.object({ photos: z.number().int(), reports: z.number().int() }),
});
export type FiguresResponse = z.infer<typeof figuresResponseSchema>;

export const trafficRowSchema = z.object({
  network: z.string(),
  ref: z.string(),
  sub1: z.string(),
  sub2: z.string(),
  sub3: z.string(),
  visits: z.number().int(),
  signups: z.number().int(),
  confirmations: z.number().int(),
  first_purchases: z.number().int(),
});
export type TrafficRow = z.infer<typeof trafficRowSchema>;

export const trafficResponseSchema = z.object({ period: periodSchema, rows: z.array(trafficRowSchema) });
export type TrafficResponse = z.infer<typeof trafficResponseSchema>;

/** POST /api/visit.php: a visit that arrived with tracking parameters (counted per day; nothing personal kept). */
export const visitRequestSchema = z.object({
  network: z.string().max(200).optional(),
  ref: z.string().max(200).optional(),
  sub1: z.string().max(200).optional(),
  sub2: z.string().max(200).optional(),
  sub3: z.string().max(200).optional(),
});

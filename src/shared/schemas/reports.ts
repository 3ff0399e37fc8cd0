import { z } from 'zod';

/** Why a member reports another (issue 11); the texts are in the web's chat namespace, report.reason.<id>. */
export const REPORT_REASONS = ['spam', 'scam', 'harassment', 'minor', 'fake', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/**
 * POST /api/report.php: reports a member for moderation, from a conversation or a profile; `block` also blocks the
 * member in the same step (as POST /api/block.php does: the conversation and the likes go).
 */
export const reportRequestSchema = z.object({
  member: z.number().int().positive(),
  reason: z.enum(REPORT_REASONS),
  comment: z.string().trim().max(1_000).default(''),
  source: z.enum(['chat', 'profile']),
  block: z.boolean().default(false),
});
export type ReportRequest = z.infer<typeof reportRequestSchema>;

export const reportResponseSchema = z.object({ ok: z.literal(true), blocked: z.boolean() });

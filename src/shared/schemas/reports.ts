import { z } from 'zod';
import { emailSchema } from './accounts';

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
  source: z.enum(['chat', 'profile', 'photo']),
  /** the reported photo (of `member`), when a photo is reported */
  photo: z.number().int().positive().optional(),
  /** the reported message (sent by `member`), when a message is reported */
  message: z.number().int().positive().optional(),
  block: z.boolean().default(false),
});
export type ReportRequest = z.infer<typeof reportRequestSchema>;

export const reportResponseSchema = z.object({ ok: z.literal(true), blocked: z.boolean() });

/** What a notice of the /complaints form is about (DSA Art. 16: anyone may send one, with the exact location). */
export const COMPLAINT_REASONS = [
  'illegal',
  'minor',
  'nudity',
  'copyright',
  'privacy',
  'harassment',
  'scam',
  'fake',
  'spam',
  'other',
] as const;
export type ComplaintReason = (typeof COMPLAINT_REASONS)[number];

/**
 * POST /api/complaint.php: a notice from a visitor or a member: who sends it, what (a URL of the site, and/or a
 * member's id or profile address), why, a statement explaining it, and the good-faith confirmation (Art. 16(2)(d)).
 */
export const complaintRequestSchema = z.object({
  name: z.string().trim().min(2).max(100),
  email: emailSchema,
  url: z.string().trim().max(500).default(''),
  member: z.number().int().positive().optional(),
  reason: z.enum(COMPLAINT_REASONS),
  statement: z.string().trim().min(20).max(5_000),
  good_faith: z.literal(true),
});
export type ComplaintRequest = z.infer<typeof complaintRequestSchema>;
export const complaintResponseSchema = z.object({ ok: z.literal(true), id: z.number().int() });

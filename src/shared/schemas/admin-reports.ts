import { z } from 'zod';
import { DECISION_KINDS, GROUND_REFS, groundSchema } from './moderation';

/** The console's one queue of notices (reports from the app and /complaints), oldest first (issue 22, point 5). */
export const adminReportsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000).default(1),
});

const decisionBrief = z.object({
  id: z.number().int(),
  kind: z.enum(DECISION_KINDS),
  ground_ref: z.string(),
  created_at: z.string(),
  reversed: z.boolean(),
});

const memberHistory = z.object({
  /** notices about this member (all, this one included) */
  reports_received: z.number().int(),
  /** notices this member made */
  reports_made: z.number().int(),
  decisions: z.array(decisionBrief),
});

export const adminReportSchema = z.object({
  id: z.number().int(),
  source: z.enum(['chat', 'profile', 'photo', 'complaint', 'automated']),
  target: z.enum(['profile', 'photo', 'message', 'url']),
  reason: z.string(),
  comment: z.string(),
  url: z.string().nullable(),
  good_faith: z.boolean(),
  created_at: z.string(),
  photo_id: z.number().int().nullable(),
  message_id: z.number().int().nullable(),
  reporter: z.object({
    id: z.number().int().nullable(),
    name: z.string(),
    /** a visitor's complaint: the address the outcome goes to */
    email: z.string().nullable(),
    history: memberHistory.nullable(),
  }),
  reported: z
    .object({
      id: z.number().int(),
      name: z.string(),
      status: z.string(),
      restricted: z.enum(['suspension', 'ban']).nullable(),
      history: memberHistory,
    })
    .nullable(),
  evidence: z.object({
    about: z.string().nullable(),
    photos: z.array(
      z.object({
        id: z.number().int(),
        status: z.string(),
        main: z.boolean(),
        image: z.string(),
        reported: z.boolean(),
      }),
    ),
    messages: z.array(
      z.object({
        id: z.number().int(),
        from_reported: z.boolean(),
        kind: z.string(),
        body: z.string(),
        created_at: z.string(),
        reported: z.boolean(),
      }),
    ),
  }),
});
export type AdminReport = z.infer<typeof adminReportSchema>;

export const adminReportsResponseSchema = z.object({
  reports: z.array(adminReportSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type AdminReportsResponse = z.infer<typeof adminReportsResponseSchema>;

export const REPORT_ACTIONS = ['dismiss', 'warn', 'hide_photo', 'remove_message', 'suspend', 'ban'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];

/** POST /api/admin/reports.php: one action on one open notice; every action but dismiss is a decision. */
export const adminReportActionSchema = z
  .object({
    id: z.number().int().positive(),
    action: z.enum(REPORT_ACTIONS),
    ground: z.enum(GROUND_REFS).optional(),
    facts: z.string().trim().max(2_000).default(''),
    days: z.number().int().min(1).max(365).optional(),
    photo: z.number().int().positive().optional(),
    message: z.number().int().positive().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.action === 'dismiss') return;
    if (!v.ground) ctx.addIssue({ code: 'custom', path: ['ground'], message: 'required' });
    if (v.facts.length < 5) ctx.addIssue({ code: 'custom', path: ['facts'], message: 'required' });
    if (v.action === 'suspend' && !v.days)
      ctx.addIssue({ code: 'custom', path: ['days'], message: 'required' });
  });
export type AdminReportAction = z.infer<typeof adminReportActionSchema>;
export const adminReportActionResponseSchema = z.object({
  ok: z.literal(true),
  decision: z.number().int().nullable(),
});

/** Open appeals, oldest first; `can_decide` is false for the staff member who took the decision. */
export const adminAppealSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  statement: z.string(),
  member: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  decision: z.object({
    id: z.number().int(),
    kind: z.enum(DECISION_KINDS),
    ground: groundSchema,
    facts: z.string(),
    automated: z.boolean(),
    until: z.string().nullable(),
    created_at: z.string(),
    decided_by: z.string().nullable(),
  }),
  can_decide: z.boolean(),
});
export type AdminAppeal = z.infer<typeof adminAppealSchema>;
export const adminAppealsResponseSchema = z.object({ appeals: z.array(adminAppealSchema) });
export const adminAppealDecisionSchema = z.object({
  id: z.number().int().positive(),
  outcome: z.enum(['upheld', 'reversed']),
  note: z.string().trim().max(2_000).default(''),
});
export const adminAppealDecisionResponseSchema = z.object({ ok: z.literal(true) });

/** GET /api/admin/transparency.csv?from=YYYY-MM-DD&to=YYYY-MM-DD (both days included, UTC). */
export const transparencyQuerySchema = z
  .object({ from: z.iso.date(), to: z.iso.date() })
  .refine((v) => v.from <= v.to, { path: ['to'], message: 'before_from' });

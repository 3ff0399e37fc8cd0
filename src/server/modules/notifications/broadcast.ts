import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { LOCALES } from '../../../shared/locales';
import type { Db } from '../../db/client';

const text = z.string().trim().min(1);
const oneLanguage = z.object({
  subject: text.max(150),
  intro: text.max(2_000),
  button: text.max(60),
  push_title: text.max(80),
  push_body: text.max(200),
});

/**
 * An operator's news or promotion (docs/notifications.md "News and promotions"): sent only to members who turned
 * the type on (both are off until a member consents), once per member and `key`, in each member's language (the
 * fallback nl, then en, when it was not written in theirs). `path` is the screen its button opens.
 */
export const broadcastSchema = z.object({
  type: z.enum(['news', 'promotions']),
  key: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{2,60}$/, 'lower-case letters, digits and dashes, e.g. winter-offer-2026'),
  path: z.string().regex(/^\/[\w\-/?=&]*$/, 'a path on the site, e.g. /credits'),
  /** only the members of this site (its domain); all sites when absent */
  domain: z.string().optional(),
  texts: z
    .partialRecord(z.enum(LOCALES), oneLanguage)
    .refine((t) => Object.keys(t).length > 0, 'at least one language'),
});
export type Broadcast = z.infer<typeof broadcastSchema>;

/** Queues the broadcast for every consenting member; returns how many were queued (again: 0). */
export async function enqueueBroadcast(db: Db, input: unknown): Promise<number> {
  const b = broadcastSchema.parse(input);
  const payload = JSON.stringify({ path: b.path, texts: b.texts });
  const site = b.domain
    ? sql`and u.site_id = (select id from sites where domain = ${b.domain.toLowerCase()})`
    : sql``;
  const result = await db.execute(sql`
    insert into notifications (user_id, type, event_key, payload, due_at)
    select u.id, ${b.type}, ${`broadcast:${b.key}`}, ${payload}::jsonb, now()
    from users u
    where u.status = 'active' and u.deleted_at is null and u.purged_at is null ${site}
      and exists (select 1 from notification_preferences np
        where np.user_id = u.id and np.type = ${b.type} and np.enabled)
    for key share of u
    on conflict do nothing`);
  const r = result as { affectedRows?: number; rowCount?: number };
  return Number(r.affectedRows ?? r.rowCount ?? 0);
}

import { and, eq, isNull, sql } from 'drizzle-orm';
import { MODERATION_RULES } from '../../../shared/rules';
import type { DecisionKind, Ground } from '../../../shared/schemas/moderation';
import { messages, moderationDecisions, photos, profiles, sites, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { createAuthToken, type Tx } from '../accounts/accounts.repo';
import { revokeAllSessions } from '../auth/sessions.repo';
import { refreshSearchable } from '../members/searchable';
import { enqueueMail } from '../outbox/outbox.repo';
import { clearMainPhoto } from '../photos/photos.repo';
import { statementMail } from './decision-mail';

export interface RestrictInput {
  memberId: number;
  /** the staff member who decided; null when automated means alone decided */
  staffId: number | null;
  kind: DecisionKind;
  ground: Ground;
  /** the facts relied on, as the member reads them (in the member's language where staff can) */
  facts: string;
  automated: boolean;
  /** what the decision is about: { photoId } for photo kinds, { messageId } for message_removed */
  content?: { photoId?: number; messageId?: number } & Record<string, unknown>;
  /** the end of a suspension (required) or of a reduced visibility (none: until reversed) */
  until?: Date | null;
  /** the notice that led to it, if any */
  reportId?: number | null;
}

export interface RestrictResult {
  decisionId: number;
  memberId: number;
  /** sessions ended (suspension, ban): announce them after the commit with app.sessionCache.revoked */
  revokedSessionIds: number[];
}

const FAR_FUTURE = new Date('9999-12-31T00:00:00Z');

export function appealDeadline(from: Date): Date {
  const d = new Date(from);
  d.setUTCMonth(d.getUTCMonth() + MODERATION_RULES.appealMonths);
  return d;
}

/**
 * Records a decision that restricts a member and applies it, in the caller's transaction: the decision row (the
 * statement of reasons), its effect (suspension, ban, hidden photo, removed message, hidden profile), and the
 * statement mailed to the member in their language with the link to appeal (open for 6 months). No restriction
 * without a decision the member is told of.
 */
export async function restrictMember(tx: Tx, input: RestrictInput): Promise<RestrictResult> {
  if (input.kind === 'suspension' && !input.until) throw new AppError(400, 'validation_failed');
  if (input.until && input.until.getTime() <= Date.now()) throw new AppError(400, 'validation_failed');
  if (!input.facts.trim()) throw new AppError(400, 'validation_failed');
  const [member] = await tx
    .select({ user: users, name: profiles.name, site: sites })
    .from(users)
    .innerJoin(sites, eq(sites.id, users.siteId))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, input.memberId))
    .for('update', { of: users });
  if (!member || member.user.purgedAt) throw new AppError(404, 'member_not_found');
  const content = { ...(input.content ?? {}) };
  const now = new Date();
  const revokedSessionIds = await applyEffect(tx, input, content);
  const deadline = appealDeadline(now);
  const [decision] = await tx
    .insert(moderationDecisions)
    .values({
      memberId: input.memberId,
      siteId: member.user.siteId,
      staffId: input.staffId,
      kind: input.kind,
      groundType: input.ground.type,
      groundRef: input.ground.ref,
      facts: input.facts.trim(),
      automated: input.automated,
      content,
      until: input.until ?? null,
      reportId: input.reportId ?? null,
      appealDeadline: deadline,
      createdAt: now,
    })
    .returning({ id: moderationDecisions.id });
  const token = await createAuthToken(tx, input.memberId, 'restriction', deadline.getTime() - now.getTime());
  await enqueueMail(
    tx,
    input.memberId,
    statementMail(
      member.site,
      { email: member.user.email, name: member.name ?? '', language: member.user.language },
      { ...input, facts: input.facts.trim(), until: input.until ?? null, deadline },
      token,
    ),
  );
  return { decisionId: decision!.id, memberId: input.memberId, revokedSessionIds };
}

/** The decision's effect on the member's account or content; returns the sessions it ended. */
async function applyEffect(
  tx: Tx,
  input: RestrictInput,
  content: Record<string, unknown>,
): Promise<number[]> {
  const id = input.memberId;
  switch (input.kind) {
    case 'suspension':
    case 'ban': {
      await tx
        .update(users)
        .set(
          input.kind === 'ban'
            ? { bannedAt: sql`coalesce(${users.bannedAt}, now())` }
            : {
                suspendedUntil: sql`greatest(${users.suspendedUntil}, ${input.until!.toISOString()}::timestamptz)`,
              },
        )
        .where(eq(users.id, id));
      await refreshSearchable(tx, id);
      return revokeAllSessions(tx, id);
    }
    case 'visibility_reduced': {
      const until = (input.until ?? FAR_FUTURE).toISOString();
      await tx
        .update(users)
        .set({ hiddenUntil: sql`greatest(${users.hiddenUntil}, ${until}::timestamptz)` })
        .where(eq(users.id, id));
      await refreshSearchable(tx, id);
      return [];
    }
    case 'photo_hidden': {
      const photo = await ownPhoto(tx, id, input.content?.photoId);
      content.previousStatus = photo.status;
      // Hidden is rejected by staff, the reason 'other' (its statement is this decision's); restored on reversal.
      await tx
        .update(photos)
        .set({
          status: 'rejected',
          review: 'rejected',
          rejectReason: 'other',
          isMain: false,
          reviewedAt: new Date(),
          reviewedBy: input.staffId,
        })
        .where(eq(photos.id, photo.id));
      if (photo.isMain) {
        await clearMainPhoto(tx, id);
        await promoteNewestActivePhoto(tx, id);
      }
      return [];
    }
    case 'message_removed': {
      const messageId = input.content?.messageId;
      if (!messageId) throw new AppError(400, 'validation_failed');
      const [msg] = await tx
        .update(messages)
        .set({ removedAt: new Date() })
        .where(and(eq(messages.id, messageId), eq(messages.senderId, id), isNull(messages.removedAt)))
        .returning({ body: messages.body, kind: messages.kind });
      if (!msg) throw new AppError(404, 'message_not_found');
      content.body = msg.body;
      return [];
    }
    default:
      // warning: nothing changes; photo_rejected: the photo moderation has set the photo's status itself
      return [];
  }
}

async function ownPhoto(tx: Tx, memberId: number, photoId: number | undefined) {
  if (!photoId) throw new AppError(400, 'validation_failed');
  const [photo] = await tx
    .select()
    .from(photos)
    .where(and(eq(photos.id, photoId), eq(photos.userId, memberId)))
    .for('update');
  if (!photo) throw new AppError(404, 'not_found');
  return photo;
}

/** After a main photo was hidden: the newest public active photo becomes main (none: the member has none). */
export async function promoteNewestActivePhoto(tx: Tx, memberId: number): Promise<void> {
  await tx.execute(sql`
    update photos set is_main = true where id = (
      select id from photos where user_id = ${memberId} and status = 'active' and not is_private
      order by created_at desc, id desc limit 1)`);
}

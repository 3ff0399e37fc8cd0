import { and, desc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import { MODERATION_RULES } from '../../../shared/rules';
import { type DecisionKind, RESTRICTED_ERROR, type Statement } from '../../../shared/schemas/moderation';
import type { Db } from '../../db/client';
import { authTokens, messages, moderationAppeals, moderationDecisions, photos, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { hashToken } from '../../lib/tokens';
import { createAuthToken, type Tx } from '../accounts/accounts.repo';
import { refreshSearchable } from '../members/searchable';
import { promoteNewestActivePhoto } from './decisions.service';

/** The account restriction in force now (ban first, else a suspension not yet over), or null. */
export function restrictionNow(user: {
  bannedAt: Date | null;
  suspendedUntil: Date | null;
}): { kind: 'ban' | 'suspension'; until: Date | null } | null {
  if (user.bannedAt) return { kind: 'ban', until: null };
  if (user.suspendedUntil && user.suspendedUntil.getTime() > Date.now())
    return { kind: 'suspension', until: user.suspendedUntil };
  return null;
}

/**
 * Refuses a sign-in of a suspended or banned member (signIn, auth.routes.ts): 403 account_restricted with a
 * short-lived token for the ban page (/pages/ban?t=…), where the statement of reasons and the appeal form are.
 */
export async function assertMaySignIn(db: Db, userId: number): Promise<void> {
  const [user] = await db
    .select({ bannedAt: users.bannedAt, suspendedUntil: users.suspendedUntil })
    .from(users)
    .where(eq(users.id, userId));
  if (!user || !restrictionNow(user)) return;
  const token = await createAuthToken(db, userId, 'restriction', MODERATION_RULES.loginLinkHours * 3_600_000);
  throw new AppError(403, RESTRICTED_ERROR, 'moderation.errors.account_restricted', {}, undefined, {
    restriction: token,
  });
}

/** The member a ban-page token belongs to (tokens of the login refusal and of the statement mails), or 400. */
export async function memberOfToken(db: Db | Tx, token: string): Promise<number> {
  const [row] = await db
    .select({ userId: authTokens.userId })
    .from(authTokens)
    .where(
      and(
        eq(authTokens.tokenHash, hashToken(token)),
        eq(authTokens.kind, 'restriction'),
        gt(authTokens.expiresAt, sql`now()`),
      ),
    );
  if (!row) throw new AppError(400, 'restriction_link_invalid', 'moderation.errors.restriction_link_invalid');
  return row.userId;
}

/** The member's decisions as statements of reasons, newest first, with their appeals. */
export async function statementsOf(db: Db, memberId: number): Promise<Statement[]> {
  const rows = await db
    .select({ d: moderationDecisions, a: moderationAppeals })
    .from(moderationDecisions)
    .leftJoin(moderationAppeals, eq(moderationAppeals.decisionId, moderationDecisions.id))
    .where(eq(moderationDecisions.memberId, memberId))
    .orderBy(desc(moderationDecisions.createdAt), desc(moderationDecisions.id))
    .limit(50);
  const now = Date.now();
  return rows.map(({ d, a }) => ({
    id: d.id,
    kind: d.kind as DecisionKind,
    ground: { type: d.groundType as 'law' | 'terms', ref: d.groundRef as Statement['ground']['ref'] },
    facts: d.facts,
    automated: d.automated,
    created_at: d.createdAt.toISOString(),
    until: d.until?.toISOString() ?? null,
    appeal_deadline: d.appealDeadline.toISOString(),
    reversed: d.reversedAt !== null,
    appeal: a
      ? {
          status: a.status as 'open' | 'upheld' | 'reversed',
          created_at: a.createdAt.toISOString(),
          decided_at: a.decidedAt?.toISOString() ?? null,
        }
      : null,
    can_appeal: !a && d.reversedAt === null && d.appealDeadline.getTime() > now,
  }));
}

/**
 * Lifts a decision (an appeal reversed it): marks it reversed and undoes its effect, keeping what other decisions
 * still in force impose (a second suspension, another ban). A hidden or rejected photo is active again, a removed
 * message shown again. Returns the member.
 */
export async function reverseDecision(tx: Tx, decisionId: number): Promise<number | null> {
  const [d] = await tx
    .update(moderationDecisions)
    .set({ reversedAt: new Date() })
    .where(and(eq(moderationDecisions.id, decisionId), isNull(moderationDecisions.reversedAt)))
    .returning();
  if (!d || d.memberId === null) return d?.memberId ?? null;
  const memberId = d.memberId;
  const content = d.content as { photoId?: number; messageId?: number };
  switch (d.kind) {
    case 'suspension':
    case 'ban':
    case 'visibility_reduced':
      await tx.execute(sql`
        update users u set
          banned_at = case when exists (select 1 from moderation_decisions m where m.member_id = u.id
            and m.kind = 'ban' and m.reversed_at is null) then u.banned_at end,
          suspended_until = (select max(m.until) from moderation_decisions m where m.member_id = u.id
            and m.kind = 'suspension' and m.reversed_at is null and m.until > now()),
          hidden_until = (select max(coalesce(m.until, '9999-12-31'::timestamptz)) from moderation_decisions m
            where m.member_id = u.id and m.kind = 'visibility_reduced' and m.reversed_at is null)
        where u.id = ${memberId}`);
      await refreshSearchable(tx, memberId);
      break;
    case 'photo_hidden':
    case 'photo_rejected':
      if (content.photoId) {
        await tx
          .update(photos)
          .set({ status: 'active', review: 'approved', rejectReason: null })
          .where(and(eq(photos.id, content.photoId), eq(photos.userId, memberId)));
        const [main] = await tx
          .select({ id: photos.id })
          .from(photos)
          .where(and(eq(photos.userId, memberId), eq(photos.isMain, true)));
        if (!main) await promoteNewestActivePhoto(tx, memberId);
      }
      break;
    case 'message_removed':
      if (content.messageId)
        await tx.update(messages).set({ removedAt: null }).where(eq(messages.id, content.messageId));
      break;
  }
  return memberId;
}

/**
 * Ends suspensions and hidden profiles whose time is over (the sign-in already compares the time itself): clears
 * the column and lists the member again. Returns how many members changed.
 */
export async function endExpiredRestrictions(db: Db, limit = 100): Promise<number> {
  const due = await db
    .select({ id: users.id })
    .from(users)
    .where(or(lte(users.suspendedUntil, sql`now()`), lte(users.hiddenUntil, sql`now()`)))
    .limit(limit);
  for (const { id } of due) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        update users set
          suspended_until = case when suspended_until <= now() then null else suspended_until end,
          hidden_until = case when hidden_until <= now() then null else hidden_until end
        where id = ${id}`);
      await refreshSearchable(tx, id);
    });
  }
  return due.length;
}

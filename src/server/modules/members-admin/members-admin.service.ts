import { eq } from 'drizzle-orm';
import { type CreditAdjustment, eraseConfirmationPhrase } from '../../../shared/schemas/admin-members';
import type { Db } from '../../db/client';
import { creditLedger, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { MediaStorage } from '../../lib/storage';
import { purgeAccountInTx, removePhotoFiles } from '../accounts/account-deletion.service';
import type { Tx } from '../accounts/accounts.repo';
import { revokeAllSessions, revokeSession } from '../auth/sessions.repo';
import { refreshSearchable } from '../members/searchable';
import { cancelQueuedNotifications } from '../notifications/notifications.repo';
import { recordStaffAction } from '../staff/staff-audit';
import type { StaffIdentity } from '../staff/staff-guard';

/** The ledger reason of a staff adjustment (migration 0030 requires its staff_id and note). */
export const STAFF_ADJUSTMENT = 'staff_adjustment';

/** The member's account row, locked for the rest of the transaction; 404 for an unknown id. */
async function lockMember(tx: Tx, memberId: number) {
  const [user] = await tx
    .select({
      id: users.id,
      siteId: users.siteId,
      status: users.status,
      credits: users.credits,
      deletedAt: users.deletedAt,
      purgedAt: users.purgedAt,
    })
    .from(users)
    .where(eq(users.id, memberId))
    .for('update');
  if (!user) throw new AppError(404, 'not_found');
  return user;
}

/**
 * Adds or takes credits with a reason, in one transaction under the member's row lock: the balance, a ledger row
 * (reason staff_adjustment, the staff member and the reason text) and the audit row. The balance never drops below
 * zero (409 credits_would_be_negative, naming the balance). The console's `request_id` is the ledger's idempotency
 * key: the same request again changes nothing and answers the balance.
 */
export async function adjustCredits(
  db: Db,
  staff: StaffIdentity,
  input: CreditAdjustment,
): Promise<{ credits: number; applied: boolean }> {
  return db.transaction(async (tx) => {
    const user = await lockMember(tx, input.member);
    if (user.purgedAt) throw new AppError(409, 'member_erased');
    const key = `staff-adjust:${input.request_id}`;
    const [prior] = await tx
      .select({ userId: creditLedger.userId })
      .from(creditLedger)
      .where(eq(creditLedger.idempotencyKey, key));
    if (prior) {
      if (prior.userId !== user.id) throw new AppError(409, 'conflict');
      return { credits: user.credits, applied: false };
    }
    const credits = user.credits + input.delta;
    if (credits < 0)
      throw new AppError(409, 'credits_would_be_negative', undefined, { credits: user.credits });
    await tx.update(users).set({ credits }).where(eq(users.id, user.id));
    await tx.insert(creditLedger).values({
      userId: user.id,
      delta: input.delta,
      balanceAfter: credits,
      reason: STAFF_ADJUSTMENT,
      idempotencyKey: key,
      staffId: staff.id,
      note: input.reason,
    });
    await recordStaffAction(tx, staff.id, {
      action: 'member.credits.adjust',
      targetType: 'member',
      targetId: user.id,
      siteId: user.siteId,
      before: { credits: user.credits },
      after: { credits, delta: input.delta, reason: input.reason },
    });
    return { credits, applied: true };
  });
}

/**
 * Ends one session of the member (`session`) or all of them, with the audit row. Returns the ids ended, for the
 * caller's announcement (SessionCache.revoked: cached lookups and live sockets, on every instance).
 */
export async function endMemberSessions(
  db: Db,
  staff: StaffIdentity,
  input: { member: number; session?: number },
): Promise<number[]> {
  return db.transaction(async (tx) => {
    const user = await lockMember(tx, input.member);
    let ended: number[];
    if (input.session === undefined) ended = await revokeAllSessions(tx, user.id);
    else if (await revokeSession(tx, input.session, user.id)) ended = [input.session];
    else throw new AppError(404, 'not_found');
    if (ended.length > 0)
      await recordStaffAction(tx, staff.id, {
        action: input.session === undefined ? 'member.sessions.end_all' : 'member.sessions.end',
        targetType: 'member',
        targetId: user.id,
        siteId: user.siteId,
        after: { sessions: ended },
      });
    return ended;
  });
}

/**
 * Erases an account at once (an admin, who typed eraseConfirmationPhrase): the account is deleted, every session
 * ends, queued notifications are dropped, and the purge of the deletion flow runs now instead of after the grace
 * period (photos, profile, conversations, tokens; the account row stays as a tombstone the ledger points at).
 * The audit row keeps no personal data. Erasing an erased account changes nothing.
 */
export async function eraseMember(
  db: Db,
  storage: MediaStorage,
  staff: StaffIdentity,
  input: { member: number; confirmation: string },
): Promise<{ erasedNow: boolean; endedSessions: number[] }> {
  if (input.confirmation !== eraseConfirmationPhrase(input.member))
    throw new AppError(400, 'erase_confirmation_mismatch', undefined, {
      phrase: eraseConfirmationPhrase(input.member),
    });
  const done = await db.transaction(async (tx) => {
    const user = await lockMember(tx, input.member);
    if (user.purgedAt) return { erasedNow: false, endedSessions: [], files: [] };
    const now = new Date();
    await tx
      .update(users)
      .set({ status: 'deleted', deletedAt: user.deletedAt ?? now, purgeAfter: now })
      .where(eq(users.id, user.id));
    await refreshSearchable(tx, user.id);
    const endedSessions = await revokeAllSessions(tx, user.id);
    await cancelQueuedNotifications(tx, user.id);
    const files = await purgeAccountInTx(tx, user.id);
    await recordStaffAction(tx, staff.id, {
      action: 'member.erase',
      targetType: 'member',
      targetId: user.id,
      siteId: user.siteId,
      before: {
        status: user.status,
        credits: user.credits,
        deleted_at: user.deletedAt?.toISOString() ?? null,
      },
      after: { status: 'deleted', purged: true, photos_removed: files.length },
    });
    return { erasedNow: true, endedSessions, files };
  });
  await removePhotoFiles(storage, done.files);
  return { erasedNow: done.erasedNow, endedSessions: done.endedSessions };
}

import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { CANCEL_RULES } from '../../../shared/rules';
import {
  type Cancellation,
  type CancelRequest,
  type CancelResponse,
  cancelDateAllowed,
} from '../../../shared/schemas/cancellations';
import type { Db } from '../../db/client';
import { profiles, type Site, sites, users } from '../../db/schema';
import { AppError, fieldError } from '../../lib/app-error';
import type { LinkBase } from '../accounts/account-mail';
import type { Tx } from '../accounts/accounts.repo';
import { findUserByEmail } from '../accounts/accounts.repo';
import type { PaymentProvider } from '../payments/providers/provider';
import { enqueueAcknowledgment, enqueueConfirmLink } from './cancellation-mail';
import {
  type CancellationRow,
  claimConfirmation,
  claimDueRevocations,
  findByTokenHash,
  insertCancellation,
  mailedSince,
  mandatesOf,
  markRevoked,
  postponeRevocation,
  setMandatesStopped,
  stopMandates,
} from './cancellations.repo';

/**
 * The cancel button (issue 23, point 4; BGB §312k; docs/decisions.md "Cancel button").
 *
 * 1. POST /api/cancel.php, no password: the address is looked up. A member signed in with that very address cancels
 *    at once (row via 'session', confirmed in the same transaction, acknowledgment mail). Anyone else: if the address
 *    belongs to a member, a row via 'email' and a mail with a confirmation link (its token kept only as SHA-256);
 *    if it belongs to nobody, nothing is stored and nothing is sent. Both answer the same: `confirm_by_email` with the
 *    moment of receipt. Beyond CANCEL_RULES.mailsPerDay a member receives no more links (same answer).
 * 2. POST /api/cancel-confirm.php { token }: one conditional UPDATE confirms (parallel confirmations: one wins, the
 *    others see it confirmed). In that transaction the member's mandates the contract covers are recorded stopped
 *    (cancelled_mandates: no repeat order on them from `effective_at` on) and the acknowledgment is queued.
 * 3. The provider revokes the mandates (revokeDueMandates): at once after confirming, and by the job until it has.
 */

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export interface CancelOptions {
  links: LinkBase;
  now?: Date;
}

/** When a cancellation takes effect: on receipt (the next possible date: these contracts have no notice period). */
export function effectiveAtOf(row: { receivedAt: Date; requestedDate: string | null }): Date {
  if (!row.requestedDate) return row.receivedAt;
  const start = new Date(`${row.requestedDate}T00:00:00Z`);
  return start > row.receivedAt ? start : row.receivedAt;
}

async function recipientOf(tx: Tx | Db, userId: number) {
  const [row] = await tx
    .select({ email: users.email, name: profiles.name })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId));
  return { userId, email: row?.email ?? '', name: row?.name ?? '' };
}

/** Confirms a claimed cancellation in its transaction: the mandates stopped, the acknowledgment queued. */
async function applyConfirmed(tx: Tx, site: Site, row: CancellationRow): Promise<CancellationRow> {
  const effectiveAt = row.effectiveAt ?? effectiveAtOf(row);
  const mandates = await mandatesOf(tx, row.userId, row.contract as Cancellation['contract']);
  await stopMandates(
    tx,
    mandates.map((m) => ({
      provider: m.provider,
      mandateId: m.mandateId,
      customerId: m.customerId,
      method: m.method,
      userId: row.userId,
      cancellationId: row.id,
      effectiveAt,
    })),
  );
  const done = await setMandatesStopped(tx, row.id, mandates.length);
  await enqueueAcknowledgment(tx, site, await recipientOf(tx, row.userId), done);
  return done;
}

/** POST /api/cancel.php */
export async function requestCancellation(
  db: Db,
  site: Site,
  who: { signedIn: { id: number; email: string } | null; locale: string },
  body: CancelRequest,
  opts: CancelOptions,
): Promise<{ response: CancelResponse; cancellation?: CancellationRow }> {
  const now = opts.now ?? new Date();
  if (body.effective === 'date' && (!body.date || !cancelDateAllowed(body.date, now)))
    throw fieldError(400, 'validation_failed', 'date', 'validation.cancel.date_invalid');
  const base = {
    siteId: site.id,
    name: body.name,
    contract: body.contract,
    reason: body.reason === '' ? null : body.reason,
    requestedDate: body.effective === 'date' ? (body.date ?? null) : null,
    language: who.locale,
    receivedAt: now,
  };
  // Signed in with the typed address: the member is identified, it takes effect at once.
  if (who.signedIn && who.signedIn.email === body.email) {
    const userId = who.signedIn.id;
    const done = await db.transaction(async (tx) => {
      const row = await insertCancellation(tx, { ...base, userId, via: 'session', status: 'pending' });
      const claimed = await claimConfirmation(tx, { id: row.id }, now, effectiveAtOf);
      return applyConfirmed(tx, site, claimed as CancellationRow);
    });
    return {
      response: {
        state: 'cancelled',
        received_at: now.toISOString(),
        effective_at: (done.effectiveAt as Date).toISOString(),
      },
      cancellation: done,
    };
  }
  const answer: CancelResponse = {
    state: 'confirm_by_email',
    received_at: now.toISOString(),
    effective_at: null,
  };
  const member = await findUserByEmail(db, body.email);
  if (!member || member.status === 'deleted') return { response: answer };
  const token = randomBytes(32).toString('base64url');
  const row = await db.transaction(async (tx) => {
    // The member's row locked: parallel requests count each other against the mails-per-day limit.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, member.id)).for('update');
    if ((await mailedSince(tx, member.id, new Date(now.getTime() - 86_400_000))) >= CANCEL_RULES.mailsPerDay)
      return undefined;
    const created = await insertCancellation(tx, {
      ...base,
      userId: member.id,
      via: 'email',
      status: 'pending',
      tokenHash: sha256(token),
      expiresAt: new Date(now.getTime() + CANCEL_RULES.linkHours * 3_600_000),
    });
    await enqueueConfirmLink(tx, site, opts.links, await recipientOf(tx, member.id), created, token);
    return created;
  });
  return row ? { response: answer, cancellation: row } : { response: answer };
}

export function presentCancellation(row: CancellationRow): Cancellation {
  return {
    contract: row.contract as Cancellation['contract'],
    status: row.status as Cancellation['status'],
    received_at: row.receivedAt.toISOString(),
    requested_date: row.requestedDate,
    confirmed_at: row.confirmedAt?.toISOString() ?? null,
    effective_at: row.effectiveAt?.toISOString() ?? null,
    mandates_stopped: row.mandatesStopped,
  };
}

const linkInvalid = () => new AppError(404, 'cancel_link_invalid');

/** GET /api/cancel-confirm.php: the cancellation a link names (pending while the link is valid, or confirmed). */
export async function showByToken(db: Db, token: string, now = new Date()): Promise<Cancellation> {
  const row = await findByTokenHash(db, sha256(token));
  if (!row || (row.status === 'pending' && (row.expiresAt as Date) <= now)) throw linkInvalid();
  return presentCancellation(row);
}

/** POST /api/cancel-confirm.php: confirms once; a second confirmation answers the confirmed cancellation. */
export async function confirmByToken(db: Db, token: string, now = new Date()): Promise<CancellationRow> {
  const tokenHash = sha256(token);
  const confirmed = await db.transaction(async (tx) => {
    const claimed = await claimConfirmation(tx, { tokenHash }, now, effectiveAtOf);
    if (!claimed) return undefined;
    const [site] = await tx.select().from(sites).where(eq(sites.id, claimed.siteId));
    return applyConfirmed(tx, site as Site, claimed);
  });
  if (confirmed) return confirmed;
  const row = await findByTokenHash(db, tokenHash);
  if (row?.status === 'confirmed') return row;
  throw linkInvalid();
}

/**
 * Revokes at the provider the stopped mandates whose cancellation took effect (all members', or one member's right
 * after confirming). A refusal or an unreachable provider leaves the mandate for a later try; locally it is stopped
 * already. Returns how many the provider revoked.
 */
export async function revokeDueMandates(
  db: Db,
  provider: PaymentProvider,
  opts: { userId?: number; now?: Date; limit?: number; log?: (msg: string) => void } = {},
): Promise<number> {
  const now = opts.now ?? new Date();
  const claimed = await claimDueRevocations(db, now, opts.limit ?? 50, opts.userId);
  let revoked = 0;
  for (const m of claimed) {
    if (m.provider !== provider.name) {
      await postponeRevocation(db, m, now);
      continue;
    }
    try {
      await provider.revokeMandate(m.customerId, m.mandateId);
      await markRevoked(db, m, new Date());
      revoked += 1;
    } catch (err) {
      opts.log?.(`cancellations: revoking a mandate failed (${(err as Error).name}); tried again later`);
      await postponeRevocation(db, m, now);
    }
  }
  return revoked;
}

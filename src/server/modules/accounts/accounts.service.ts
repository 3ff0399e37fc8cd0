import { and, eq, sql } from 'drizzle-orm';
import { ageOn } from '../../../shared/dates';
import { ACCOUNT_RULES, RULES } from '../../../shared/rules';
import type { SignupRequest } from '../../../shared/schemas/accounts';
import { signupsAllowed } from '../../../shared/visitor-access';
import type { Db } from '../../db/client';
import { profiles, type Site, users } from '../../db/schema';
import { AppError, fieldError } from '../../lib/app-error';
import { hashPassword, isCommonPassword, verifyPassword } from '../../lib/passwords';
import { guardPasswordCheck } from '../auth/login-throttle';
import { ensureConversation } from '../chat/chat.repo';
import { insertMessage, releaseHeldMessages } from '../chat/chat-send.repo';
import { recordConsent } from '../consents/consents.service';
import { changeCredits } from '../credits/credits.service';
import { refreshSearchable } from '../members/searchable';
import { enqueueMail } from '../outbox/outbox.repo';
import { buildAccountMail, type LinkBase, siteOrigin } from './account-mail';
import {
  consumeAuthToken,
  countTokensSince,
  createAuthToken,
  expireTokens,
  findAuthToken,
  findUserByEmail,
  findUserWithProfile,
  type Tx,
} from './accounts.repo';

const HOUR = 3_600_000;

/** Rejects passwords from the common-password list (the length rules are in the shared schema). */
export function assertStrongPassword(field: string, password: string): void {
  if (isCommonPassword(password))
    throw fieldError(400, 'validation_failed', field, 'validation.password_common');
}

/** The e-mail address is free for a new account, or the error that explains why not. */
export async function assertEmailAvailable(
  db: Db,
  email: string,
  site: Site,
  field = 'email',
): Promise<void> {
  const existing = await findUserByEmail(db, email);
  if (!existing) return;
  if (existing.status === 'deleted' && !existing.purgedAt) {
    throw fieldError(409, 'account_deleted_pending', field, 'validation.email_deleted_pending');
  }
  if (existing.siteId === site.id) throw fieldError(409, 'email_in_use', field, 'validation.email_in_use');
  throw fieldError(409, 'email_exists', field, 'validation.email_exists');
}

export interface SignupContext {
  site: Site;
  country: string;
  links: LinkBase;
}

/**
 * Step 0 of signup: creates the account (not confirmed, profile disabled), queues the activation mail and stores
 * the first message to the member the visitor came from, held until the address is confirmed. One account per
 * address, also when two signups race: the unique index decides.
 */
export async function signup(db: Db, req: SignupRequest, ctx: SignupContext): Promise<number> {
  const { site } = ctx;
  if (!signupsAllowed(site.signups, Boolean(req.tracking?.network)))
    throw new AppError(403, 'signups_closed', 'validation.signups_closed');
  const age = ageOn(req.date_of_birth);
  if (age < site.minAge)
    throw fieldError(400, 'validation_failed', 'date_of_birth', 'validation.birth_date_required', {
      min_age: site.minAge,
    });
  if (age > 110) throw fieldError(400, 'validation_failed', 'date_of_birth', 'validation.birth_date_invalid');
  assertStrongPassword('password', req.password);
  if (req.signup_message && req.signup_message.length > site.messageLength) {
    throw fieldError(400, 'validation_failed', 'signup_message', 'validation.message_too_long', {
      max: site.messageLength,
    });
  }
  await assertEmailAvailable(db, req.email, site);
  const passwordHash = await hashPassword(req.password);

  return db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        siteId: site.id,
        email: req.email,
        passwordHash,
        status: 'not_confirmed',
        language: req.language,
        signupStep: 1,
        tracking: Object.fromEntries(
          Object.entries(req.tracking ?? {}).filter(([, v]) => v !== undefined),
        ) as Record<string, string>,
      })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    if (!user) throw fieldError(409, 'email_in_use', 'email', 'validation.email_in_use');
    await tx.insert(profiles).values({
      userId: user.id,
      name: req.name,
      status: 'disabled',
      birthDate: req.date_of_birth,
      country: ctx.country,
      niche: site.niche,
    });
    // The schema refuses a signup without the consent; it is recorded with the account, with its text version.
    await recordConsent(tx, user.id, 'sensitive_data');
    if (req.signup_message && req.member_id)
      await holdFirstMessage(tx, user.id, req.member_id, req.signup_message);
    await queueActivationMail(
      tx,
      site,
      { id: user.id, email: req.email, name: req.name, language: req.language },
      ctx.links,
    );
    return user.id;
  });
}

/**
 * Stores the signup message to an existing, visible member; it is delivered when the sender confirms the address
 * (confirmEmail). Until then the conversation holds only a held message, which is no contact: every "has a
 * conversation" check (member-profile.repo contactExists) requires a delivered message, so it unlocks nothing.
 */
async function holdFirstMessage(tx: Tx, senderId: number, recipientId: number, body: string): Promise<void> {
  const target = await findUserWithProfile(tx, recipientId);
  if (target?.user.status !== 'active' || target.profile.status !== 'active' || target.profile.invisible)
    return;
  const conversationId = await ensureConversation(tx, senderId, recipientId);
  await insertMessage(tx, recipientId, {
    conversationId,
    senderId,
    kind: 'text',
    body,
    credits: 0,
    held: true,
    heldReason: 'unconfirmed',
  });
}

export async function queueActivationMail(
  tx: Tx,
  site: Site,
  user: { id: number; email: string; name: string; language: string },
  links: LinkBase,
): Promise<void> {
  await expireTokens(tx, user.id, 'activation');
  const token = await createAuthToken(tx, user.id, 'activation', ACCOUNT_RULES.tokens.activationHours * HOUR);
  const link = `${siteOrigin(site, links)}/api/activate.php?token=${token}`;
  await enqueueMail(
    tx,
    user.id,
    buildAccountMail('activation', site, user, link, { hours: ACCOUNT_RULES.tokens.activationHours }),
  );
}

/**
 * Confirms the address of an activation link: the account becomes active, the profile visible, held messages are
 * delivered and the signup credits granted (once). A link used before for an account that is confirmed still counts
 * as done, so a mail scanner that opened the link first does not make the member's own click fail.
 * Returns the member's id, or null when the link is not (or no longer) good.
 */
export async function activate(db: Db, token: string): Promise<number | null> {
  const done = await db.transaction(async (tx) => {
    const row = await consumeAuthToken(tx, token, 'activation');
    if (!row) return null;
    const found = await findUserWithProfile(tx, row.userId);
    if (!found || found.user.status === 'deleted') return null;
    await confirmEmail(tx, row.userId);
    return row.userId;
  });
  if (done !== null) return done;
  const seen = await findAuthToken(db, token, 'activation');
  if (!seen?.usedAt) return null;
  const found = await findUserWithProfile(db, seen.userId);
  return found?.user.emailConfirmedAt ? seen.userId : null;
}

/** Marks the address confirmed and does what confirmation unlocks. Safe to call twice. */
export async function confirmEmail(tx: Tx, userId: number): Promise<void> {
  const [updated] = await tx
    .update(users)
    .set({ status: 'active', emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())` })
    .where(and(eq(users.id, userId), eq(users.status, 'not_confirmed')))
    .returning({ siteId: users.siteId });
  if (!updated) return;
  await tx
    .update(profiles)
    .set({ status: 'active' })
    .where(and(eq(profiles.userId, userId), eq(profiles.status, 'disabled')));
  await refreshSearchable(tx, userId);
  await releaseHeldMessages(tx, userId);
  const [site] = await tx
    .execute(sql`select signup_credits from sites where id = ${updated.siteId}`)
    .then((r) => (r as unknown as { rows: { signup_credits: number }[] }).rows);
  if (site && site.signup_credits > 0) {
    await changeCredits(tx, {
      userId,
      delta: site.signup_credits,
      reason: 'signup_credits',
      idempotencyKey: `signup_credits:${userId}`,
    });
  }
}

/** A new activation mail (the old link stops working), at most 5 an hour. */
export async function resendActivation(db: Db, userId: number, site: Site, links: LinkBase): Promise<void> {
  const found = await findUserWithProfile(db, userId);
  if (!found) throw new AppError(404, 'not_found');
  if (found.user.status !== 'not_confirmed')
    throw new AppError(409, 'already_confirmed', 'validation.already_confirmed');
  if (
    (await countTokensSince(db, userId, 'activation', new Date(Date.now() - HOUR))) >=
    ACCOUNT_RULES.mails.activationPerHour
  ) {
    throw new AppError(429, 'too_many_mails', 'validation.too_many_mails');
  }
  await db.transaction((tx) =>
    queueActivationMail(
      tx,
      site,
      { id: userId, email: found.user.email, name: found.profile.name, language: found.user.language },
      links,
    ),
  );
}

/** Before confirming, a member may correct the address; a new activation mail goes to the new one. */
export async function changeUnconfirmedEmail(
  db: Db,
  userId: number,
  email: string,
  site: Site,
  links: LinkBase,
): Promise<void> {
  const found = await findUserWithProfile(db, userId);
  if (!found) throw new AppError(404, 'not_found');
  if (found.user.status !== 'not_confirmed')
    throw new AppError(409, 'already_confirmed', 'validation.already_confirmed');
  if (email === found.user.email) return resendActivation(db, userId, site, links);
  await assertEmailAvailable(db, email, site);
  if (
    (await countTokensSince(db, userId, 'activation', new Date(Date.now() - HOUR))) >=
    ACCOUNT_RULES.mails.activationPerHour
  ) {
    throw new AppError(429, 'too_many_mails', 'validation.too_many_mails');
  }
  await db.transaction(async (tx) => {
    try {
      await tx.update(users).set({ email }).where(eq(users.id, userId));
    } catch {
      throw fieldError(409, 'email_in_use', 'email', 'validation.email_in_use');
    }
    await queueActivationMail(
      tx,
      site,
      { id: userId, email, name: found.profile.name, language: found.user.language },
      links,
    );
  });
}

/**
 * Checks the member's current password (for password change, e-mail change and deletion). A wrong one counts
 * exactly like a failed login from `ip` (the same limits and counters), so these forms cannot be used to guess.
 */
export async function assertPassword(
  db: Db,
  userId: number,
  password: string,
  field: string,
  ip: string,
): Promise<void> {
  const found = await findUserWithProfile(db, userId);
  if (!found) throw fieldError(400, 'wrong_password', field, 'validation.old_password_wrong');
  const ok = await guardPasswordCheck(db, { email: found.user.email, ip }, () =>
    verifyPassword(found.user.passwordHash, password),
  );
  if (!ok) throw fieldError(400, 'wrong_password', field, 'validation.old_password_wrong');
}

export const GRACE_MS = RULES.accountDeletion.graceDays * 86_400_000;

import { eq } from 'drizzle-orm';
import { ACCOUNT_RULES } from '../../../shared/rules';
import type { Db } from '../../db/client';
import { type Site, users } from '../../db/schema';
import { AppError, fieldError } from '../../lib/app-error';
import { hashPassword } from '../../lib/passwords';
import { revokeAllSessions } from '../auth/sessions.repo';
import { enqueueMail } from '../outbox/outbox.repo';
import { buildAccountMail, type LinkBase, siteOrigin } from './account-mail';
import {
  consumeAuthToken,
  countTokensSince,
  createAuthToken,
  expireTokens,
  findUserByEmail,
  findUserWithProfile,
} from './accounts.repo';
import { assertPassword, assertStrongPassword, confirmEmail } from './accounts.service';

const HOUR = 3_600_000;

/** A new password ends every link mailed before it: other reset links and pending e-mail changes. */
const LINKS_ENDED_BY_NEW_PASSWORD = ['password_reset', 'mail_change'] as const;

/** Sends a reset link; the spec wants 'e-mail not found' said, and at most 3 mails a day. */
export async function requestPasswordReset(
  db: Db,
  email: string,
  site: Site,
  links: LinkBase,
): Promise<void> {
  const user = await findUserByEmail(db, email);
  if (!user || user.status === 'deleted')
    throw fieldError(404, 'email_not_found', 'email', 'validation.reset_email_not_found');
  const sent = await countTokensSince(db, user.id, 'password_reset', new Date(Date.now() - 24 * HOUR));
  if (sent >= ACCOUNT_RULES.mails.passwordResetPerDay)
    throw new AppError(429, 'too_many_reset_mails', 'validation.reset_too_many');
  const found = await findUserWithProfile(db, user.id);
  await db.transaction(async (tx) => {
    const token = await createAuthToken(
      tx,
      user.id,
      'password_reset',
      ACCOUNT_RULES.tokens.passwordResetHours * HOUR,
    );
    const link = `${siteOrigin(site, links)}/reset-password/do?token=${token}`;
    await enqueueMail(
      tx,
      user.id,
      buildAccountMail(
        'password_reset',
        site,
        { email: user.email, name: found?.profile.name ?? '', language: user.language },
        link,
        {
          hours: ACCOUNT_RULES.tokens.passwordResetHours,
        },
      ),
    );
  });
}

/**
 * Sets a new password from a reset link (single use, 2 hours). Every session is revoked, and every other reset link
 * and pending e-mail change ends; the link also proves the address, so an unconfirmed account is confirmed. Returns
 * the member's id so the caller can sign them in, and the sessions revoked, for the caller to announce.
 */
export async function resetPassword(
  db: Db,
  token: string,
  password: string,
  site: Site,
): Promise<{ userId: number; revokedSessionIds: number[] }> {
  assertStrongPassword('password', password);
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const row = await consumeAuthToken(tx, token, 'password_reset');
    if (!row) throw new AppError(400, 'link_invalid', 'validation.reset_link_invalid');
    const found = await findUserWithProfile(tx, row.userId);
    if (!found || found.user.status === 'deleted')
      throw new AppError(400, 'link_invalid', 'validation.reset_link_invalid');
    await tx.update(users).set({ passwordHash }).where(eq(users.id, row.userId));
    const revokedSessionIds = await revokeAllSessions(tx, row.userId);
    await expireTokens(tx, row.userId, LINKS_ENDED_BY_NEW_PASSWORD);
    await confirmEmail(tx, row.userId);
    await enqueueMail(
      tx,
      row.userId,
      buildAccountMail(
        'password_changed',
        site,
        { email: found.user.email, name: found.profile.name, language: found.user.language },
        undefined,
      ),
    );
    return { userId: row.userId, revokedSessionIds };
  });
}

/**
 * Changes the password of a signed-in member; the other sessions are logged out and the reset and e-mail change
 * links mailed before end. A wrong old password counts as a failed login from `ip`. Returns the sessions revoked,
 * for the caller to announce.
 */
export async function changePassword(
  db: Db,
  userId: number,
  sessionId: number,
  oldPassword: string,
  password: string,
  site: Site,
  ip: string,
): Promise<number[]> {
  await assertPassword(db, userId, oldPassword, 'old_password', ip);
  assertStrongPassword('password', password);
  const passwordHash = await hashPassword(password);
  const found = await findUserWithProfile(db, userId);
  return db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    const revoked = await revokeAllSessions(tx, userId, sessionId);
    await expireTokens(tx, userId, LINKS_ENDED_BY_NEW_PASSWORD);
    await enqueueMail(
      tx,
      userId,
      buildAccountMail(
        'password_changed',
        site,
        { email: found!.user.email, name: found!.profile.name, language: found!.user.language },
        undefined,
      ),
    );
    return revoked;
  });
}

export { siteOrigin };

import { eq, sql } from 'drizzle-orm';
import { ACCOUNT_RULES } from '../../../shared/rules';
import type { Db } from '../../db/client';
import { type Site, users } from '../../db/schema';
import { AppError, fieldError } from '../../lib/app-error';
import { enqueueMail } from '../outbox/outbox.repo';
import { buildAccountMail, type LinkBase, siteOrigin } from './account-mail';
import {
  consumeAuthToken,
  createAuthToken,
  expireTokens,
  findUserWithProfile,
  isUniqueViolation,
} from './accounts.repo';
import { assertEmailAvailable, assertPassword, confirmEmail } from './accounts.service';

const HOUR = 3_600_000;

/**
 * Sends a confirmation link to the new address; the account keeps the old one until it is confirmed. A wrong
 * password counts as a failed login from `ip`.
 */
export async function requestMailChange(
  db: Db,
  userId: number,
  email: string,
  password: string,
  site: Site,
  links: LinkBase,
  ip: string,
): Promise<void> {
  await assertPassword(db, userId, password, 'password', ip);
  const found = await findUserWithProfile(db, userId);
  if (!found) throw new AppError(404, 'not_found');
  if (found.user.email === email)
    throw fieldError(400, 'validation_failed', 'email', 'validation.email_new_invalid');
  await assertEmailAvailable(db, email, site);
  await db.transaction(async (tx) => {
    await expireTokens(tx, userId, 'mail_change');
    const token = await createAuthToken(
      tx,
      userId,
      'mail_change',
      ACCOUNT_RULES.tokens.mailChangeHours * HOUR,
      email,
    );
    const link = `${siteOrigin(site, links)}/mail-change/do?token=${token}`;
    await enqueueMail(
      tx,
      userId,
      buildAccountMail(
        'mail_change',
        site,
        { email, name: found.profile.name, language: found.user.language },
        link,
        {
          hours: ACCOUNT_RULES.tokens.mailChangeHours,
        },
      ),
    );
  });
}

/**
 * Confirms a new address from its link (single use); it also counts as confirming the account's address, and ends
 * the reset links mailed to the old one. When another account took the address first (also at the same moment:
 * the unique index decides), the answer is 'already in use' and the link stays unused.
 */
export async function confirmMailChange(db: Db, token: string): Promise<number> {
  const inUse = () => fieldError(409, 'email_in_use', 'email', 'validation.email_in_use');
  try {
    return await db.transaction(async (tx) => {
      const row = await consumeAuthToken(tx, token, 'mail_change');
      if (!row?.newEmail) throw new AppError(400, 'link_invalid', 'validation.mail_change_link_invalid');
      const taken = await tx.execute(
        sql`select 1 from users where email = ${row.newEmail} and id <> ${row.userId} limit 1`,
      );
      if ((taken as unknown as { rows: unknown[] }).rows.length > 0) throw inUse();
      await tx.update(users).set({ email: row.newEmail }).where(eq(users.id, row.userId));
      await expireTokens(tx, row.userId, 'password_reset');
      await confirmEmail(tx, row.userId);
      return row.userId;
    });
  } catch (err) {
    if (isUniqueViolation(err, 'users_email_unique')) throw inUse();
    throw err;
  }
}

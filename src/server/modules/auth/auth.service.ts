import type { Db } from '../../db/client';
import type { User } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { burnPasswordCheck, verifyPassword } from '../../lib/passwords';
import { findUserByEmail } from '../accounts/accounts.repo';
import { guardPasswordCheck } from './login-throttle';

const failed = () => new AppError(401, 'login_failed', 'validation.login_failed');

/**
 * Checks e-mail and password under the guessing limits (login-throttle.ts): the attempt is counted before the
 * password is looked at and refused with 429 login_locked when a limit is reached; every failure costs the same time
 * whether or not the address exists. Returns the member's id.
 */
export async function authenticate(db: Db, email: string, password: string, ip: string): Promise<number> {
  const found: { user?: User } = {};
  const ok = await guardPasswordCheck(db, { email, ip }, async () => {
    found.user = await findUserByEmail(db, email);
    if (found.user) return verifyPassword(found.user.passwordHash, password);
    await burnPasswordCheck(password); // the same cost whether or not the address exists
    return false;
  });
  const { user } = found;
  if (!ok || !user) throw failed();
  if (user.status === 'deleted') {
    if (user.purgedAt) throw failed();
    throw new AppError(403, 'account_deleted_pending', 'validation.login_deleted_pending');
  }
  return user.id;
}

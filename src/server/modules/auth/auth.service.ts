import { ACCOUNT_RULES } from '../../../shared/rules';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { burnPasswordCheck, verifyPassword } from '../../lib/passwords';
import { findUserByEmail } from '../accounts/accounts.repo';
import { accountKey, clearFailures, ipKey, lockMinutesLeft, recordFailure } from './login-throttle';

const locked = (minutes: number) => new AppError(429, 'login_locked', 'validation.login_locked', { minutes });
const failed = () => new AppError(401, 'login_failed', 'validation.login_failed');

/**
 * Checks e-mail and password with lockout per account and per client IP. A locked account or IP is refused before
 * the password is looked at; every failure costs the same time whether or not the address exists.
 * Returns the member's id.
 */
export async function authenticate(db: Db, email: string, password: string, ip: string): Promise<number> {
  const acct = accountKey(email);
  const ipk = ipKey(ip);
  const ipLock = await lockMinutesLeft(db, ipk);
  if (ipLock > 0) throw locked(ipLock);
  const acctLock = await lockMinutesLeft(db, acct);
  if (acctLock > 0) throw locked(acctLock);

  const user = await findUserByEmail(db, email);
  let ok = false;
  if (user) ok = await verifyPassword(user.passwordHash, password);
  else await burnPasswordCheck(password); // the same cost whether or not the address exists
  if (!user || !ok) {
    const [acctNow, ipNow] = await Promise.all([
      recordFailure(db, acct, ACCOUNT_RULES.login.maxFailuresPerAccount),
      recordFailure(db, ipk, ACCOUNT_RULES.login.maxFailuresPerIp),
    ]);
    const minutes = Math.max(acctNow, ipNow);
    throw minutes > 0 ? locked(minutes) : failed();
  }
  await clearFailures(db, acct);
  if (user.status === 'deleted') {
    if (user.purgedAt) throw failed();
    throw new AppError(403, 'account_deleted_pending', 'validation.login_deleted_pending');
  }
  return user.id;
}

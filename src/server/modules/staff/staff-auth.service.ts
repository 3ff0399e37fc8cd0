import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { STAFF_RULES } from '../../../shared/rules';
import type { Db } from '../../db/client';
import { type StaffAccount, staffLoginChallenges } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/passwords';
import { hashToken, newToken } from '../../lib/tokens';
import { guardPasswordCheck } from '../auth/login-throttle';
import { consumeTotpStep, findStaffByEmail, findStaffById, setStaffPassword } from './staff-accounts.repo';
import { recordStaffAction } from './staff-audit';
import { revokeStaffSessionsOf } from './staff-sessions.repo';
import { totpStepOf } from './totp';

/** Staff attempts count under their own keys (login-throttle.ts), never against a member's. */
export const STAFF_THROTTLE_SCOPE = 'staff';

const failed = () => new AppError(401, 'staff_login_failed');
const codeInvalid = () => new AppError(401, 'staff_code_invalid');
const challengeOver = () => new AppError(401, 'staff_challenge_expired');

/**
 * Step 1 of a staff sign-in: e-mail and password, counted and locked as member logins are (the same rules, keys of
 * their own). A disabled account fails like a wrong password. Answers a single-use ticket for step 2, which opens
 * nothing else.
 */
export async function startStaffSignIn(db: Db, email: string, password: string, ip: string): Promise<string> {
  const found: { account?: StaffAccount } = {};
  const ok = await guardPasswordCheck(db, { email, ip, scope: STAFF_THROTTLE_SCOPE }, async () => {
    found.account = await findStaffByEmail(db, email);
    if (found.account) return verifyPassword(found.account.passwordHash, password);
    await burnPasswordCheck(password);
    return false;
  });
  const { account } = found;
  if (!ok || !account || account.status !== 'active') throw failed();
  const ticket = newToken();
  await db.insert(staffLoginChallenges).values({
    staffId: account.id,
    tokenHash: hashToken(ticket),
    expiresAt: sql`now() + make_interval(mins => ${STAFF_RULES.challenge.minutes})`,
  });
  return ticket;
}

/**
 * Checks a TOTP code for an account under the guessing limits (a wrong code counts as a wrong password would) and
 * takes its time step, so the code cannot be used again (TOTP_CODE_USED: 401 staff_code_used).
 */
export async function checkStaffCode(db: Db, account: StaffAccount, code: string, ip: string): Promise<void> {
  let reused = false;
  const ok = await guardPasswordCheck(
    db,
    { email: account.email, ip, scope: STAFF_THROTTLE_SCOPE },
    async () => {
      const step = await totpStepOf(account.totpSecret, code);
      if (step === null) return false;
      if (await consumeTotpStep(db, account.id, step)) return true;
      reused = true;
      return false;
    },
  );
  if (reused) throw new AppError(401, 'staff_code_used');
  if (!ok) throw codeInvalid();
}

/**
 * Step 2: the ticket of step 1 and a current code. Each try uses up one of the ticket's attempts (one conditional
 * UPDATE), the right code ends the ticket. Returns the account to start a session for.
 */
export async function finishStaffSignIn(
  db: Db,
  ticket: string,
  code: string,
  ip: string,
): Promise<StaffAccount> {
  const tokenHash = hashToken(ticket);
  const [challenge] = await db
    .update(staffLoginChallenges)
    .set({ attempts: sql`${staffLoginChallenges.attempts} + 1` })
    .where(
      and(
        eq(staffLoginChallenges.tokenHash, tokenHash),
        isNull(staffLoginChallenges.usedAt),
        gt(staffLoginChallenges.expiresAt, sql`now()`),
        lt(staffLoginChallenges.attempts, STAFF_RULES.challenge.maxAttempts),
      ),
    )
    .returning();
  if (!challenge) throw challengeOver();
  const account = await findStaffById(db, challenge.staffId);
  if (account?.status !== 'active') throw challengeOver();
  await checkStaffCode(db, account, code, ip);
  const used = await db
    .update(staffLoginChallenges)
    .set({ usedAt: sql`now()` })
    .where(and(eq(staffLoginChallenges.id, challenge.id), isNull(staffLoginChallenges.usedAt)))
    .returning({ id: staffLoginChallenges.id });
  if (used.length !== 1) throw challengeOver();
  return account;
}

/** Changes one's own password (the old one checked under the limits); every other session of theirs ends. */
export async function changeStaffPassword(
  db: Db,
  staffId: number,
  sessionId: number,
  oldPassword: string,
  newPassword: string,
  ip: string,
): Promise<void> {
  const account = await findStaffById(db, staffId);
  if (!account) throw new AppError(401, 'staff_authentication_required');
  const ok = await guardPasswordCheck(db, { email: account.email, ip, scope: STAFF_THROTTLE_SCOPE }, () =>
    verifyPassword(account.passwordHash, oldPassword),
  );
  if (!ok) throw new AppError(400, 'staff_password_wrong', 'validation.old_password_wrong');
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    await setStaffPassword(tx, staffId, passwordHash);
    const ended = await revokeStaffSessionsOf(tx, staffId, sessionId);
    await recordStaffAction(tx, staffId, {
      action: 'staff.password.change',
      targetType: 'staff',
      targetId: staffId,
      after: { other_sessions_ended: ended },
    });
  });
}

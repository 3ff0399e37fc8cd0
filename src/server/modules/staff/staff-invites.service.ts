import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { STAFF_RULES } from '../../../shared/rules';
import type { StaffInvite as StaffInviteBody, StaffRole } from '../../../shared/schemas/admin-staff';
import type { Db } from '../../db/client';
import { type Site, type StaffInvite, staffAccounts, staffInvites } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { hashPassword } from '../../lib/passwords';
import { hashToken, newToken } from '../../lib/tokens';
import { buildAccountMail, type LinkBase, siteOrigin } from '../accounts/account-mail';
import { guardPasswordCheck } from '../auth/login-throttle';
import { enqueueMail } from '../outbox/outbox.repo';
import { findStaffByEmail, insertStaffAccount } from './staff-accounts.repo';
import { recordStaffAction } from './staff-audit';
import { STAFF_THROTTLE_SCOPE } from './staff-auth.service';
import { newTotpSecret, otpauthUri, totpStepOf } from './totp';

const invalid = () => new AppError(404, 'staff_invite_invalid');

function stateOf(row: StaffInvite): StaffInviteBody['state'] {
  if (row.usedAt) return 'used';
  return row.expiresAt.getTime() <= Date.now() ? 'expired' : 'open';
}

export function presentInvite(row: StaffInvite, inviter: { id: number; name: string }): StaffInviteBody {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role as StaffRole,
    state: stateOf(row),
    invited_by: inviter,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    used_at: row.usedAt?.toISOString() ?? null,
  };
}

export interface InviteInput {
  email: string;
  name: string;
  role: StaffRole;
}

/**
 * An admin invites someone: an invitation row (the token only hashed), the e-mail with the link
 * /admin/invite?token=… through the outbox, and the audit row, in one transaction. An address that has a staff
 * account already is refused; an earlier open invitation to the same address is withdrawn.
 */
export async function inviteStaff(
  db: Db,
  inviter: { id: number; name: string },
  input: InviteInput,
  mail: { site: Site; links: LinkBase; language: string },
): Promise<StaffInviteBody> {
  if (await findStaffByEmail(db, input.email)) throw new AppError(409, 'staff_email_taken');
  const token = newToken();
  const row = await db.transaction(async (tx) => {
    await tx
      .update(staffInvites)
      .set({ expiresAt: sql`least(${staffInvites.expiresAt}, now())` })
      .where(and(eq(staffInvites.email, input.email), isNull(staffInvites.usedAt)));
    const [inserted] = await tx
      .insert(staffInvites)
      .values({
        tokenHash: hashToken(token),
        email: input.email,
        name: input.name,
        role: input.role,
        invitedBy: inviter.id,
        expiresAt: sql`now() + make_interval(hours => ${STAFF_RULES.invite.hours})`,
      })
      .returning();
    if (!inserted) throw new Error('invite not inserted');
    const link = `${siteOrigin(mail.site, mail.links)}/admin/invite?token=${token}`;
    await enqueueMail(
      tx,
      null,
      buildAccountMail(
        'staff_invite',
        mail.site,
        { email: input.email, name: input.name, language: mail.language },
        link,
        { inviter: inviter.name },
      ),
    );
    await recordStaffAction(tx, inviter.id, {
      action: 'staff.invite',
      targetType: 'staff_invite',
      targetId: inserted.id,
      after: { email: input.email, name: input.name, role: input.role },
      siteId: mail.site.id,
    });
    return inserted;
  });
  return presentInvite(row, inviter);
}

export async function listInvites(db: Db): Promise<StaffInviteBody[]> {
  const rows = await db
    .select({ invite: staffInvites, inviterName: staffAccounts.name })
    .from(staffInvites)
    .innerJoin(staffAccounts, eq(staffAccounts.id, staffInvites.invitedBy))
    .orderBy(desc(staffInvites.id))
    .limit(200);
  return rows.map((r) => presentInvite(r.invite, { id: r.invite.invitedBy, name: r.inviterName }));
}

/** Withdraws an open invitation (it expires now). */
export async function withdrawInvite(db: Db, staffId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(staffInvites)
      .set({ expiresAt: sql`now()` })
      .where(
        and(eq(staffInvites.id, id), isNull(staffInvites.usedAt), gt(staffInvites.expiresAt, sql`now()`)),
      )
      .returning();
    if (!row) throw new AppError(404, 'staff_invite_invalid');
    await recordStaffAction(tx, staffId, {
      action: 'staff.invite.withdraw',
      targetType: 'staff_invite',
      targetId: id,
      before: { email: row.email, role: row.role },
    });
  });
}

/** The open invitation of a link's token, or 404 staff_invite_invalid. */
export async function findOpenInvite(db: Pick<Db, 'select'>, token: string): Promise<StaffInvite> {
  const [row] = await db
    .select()
    .from(staffInvites)
    .where(
      and(
        eq(staffInvites.tokenHash, hashToken(token)),
        isNull(staffInvites.usedAt),
        gt(staffInvites.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  if (!row) throw invalid();
  return row;
}

/**
 * Accepting, step 1: the invited person's name and password, kept on the invitation with a fresh TOTP secret (a
 * repeated step 1 starts the enrolment again with a new secret). Answers what the authenticator app needs.
 */
export async function startInviteAcceptance(
  db: Db,
  token: string,
  name: string,
  password: string,
): Promise<{ otpauthUri: string; secret: string }> {
  const invite = await findOpenInvite(db, token);
  const secret = newTotpSecret();
  const passwordHash = await hashPassword(password);
  const updated = await db
    .update(staffInvites)
    .set({ name, passwordHash, totpSecret: secret })
    .where(and(eq(staffInvites.id, invite.id), isNull(staffInvites.usedAt)))
    .returning({ id: staffInvites.id });
  if (updated.length !== 1) throw invalid();
  return { otpauthUri: otpauthUri(invite.email, secret), secret };
}

/**
 * Accepting, step 2: one valid code of the new secret proves the app is set up (counted under the guessing limits
 * like a sign-in); then the invitation is used and the account created in one transaction, with the code's time step
 * already taken. A second request with the same token finds the invitation used. Returns the new account's id.
 */
export async function confirmInviteAcceptance(
  db: Db,
  token: string,
  code: string,
  ip: string,
): Promise<number> {
  const invite = await findOpenInvite(db, token);
  if (!invite.passwordHash || !invite.totpSecret) throw invalid();
  const { passwordHash, totpSecret } = invite;
  const checked: { step: number | null } = { step: null };
  const ok = await guardPasswordCheck(
    db,
    { email: invite.email, ip, scope: STAFF_THROTTLE_SCOPE },
    async () => {
      checked.step = await totpStepOf(totpSecret, code);
      return checked.step !== null;
    },
  );
  if (!ok || checked.step === null) throw new AppError(401, 'staff_code_invalid');
  if (await findStaffByEmail(db, invite.email)) throw new AppError(409, 'staff_email_taken');
  const step = checked.step;
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(staffInvites)
      .set({ usedAt: sql`now()` })
      .where(and(eq(staffInvites.id, invite.id), isNull(staffInvites.usedAt)))
      .returning();
    if (!claimed) throw invalid();
    const account = await insertStaffAccount(tx, {
      email: invite.email,
      name: invite.name,
      passwordHash,
      role: invite.role as StaffRole,
      totpSecret,
      totpLastStep: step,
      invitedBy: invite.invitedBy,
    });
    await tx.update(staffInvites).set({ staffId: account.id }).where(eq(staffInvites.id, invite.id));
    await recordStaffAction(tx, account.id, {
      action: 'staff.invite.accept',
      targetType: 'staff',
      targetId: account.id,
      after: { email: account.email, name: account.name, role: account.role, invite_id: invite.id },
    });
    return account.id;
  });
}

import type { StaffRole } from '../../../shared/schemas/admin-staff';
import type { Db } from '../../db/client';
import type { StaffAccount } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { hashPassword } from '../../lib/passwords';
import { findStaffByEmail, insertStaffAccount } from './staff-accounts.repo';
import { newTotpSecret, otpauthUri } from './totp';

export interface NewStaff {
  email: string;
  name: string;
  password: string;
  role: StaffRole;
  invitedBy?: number | null;
}

export interface EnrolledStaff {
  account: StaffAccount;
  /** Shown once, to the person enrolling (admin:create prints it); never returned by the API afterwards. */
  totpSecret: string;
  otpauthUri: string;
}

/**
 * Creates a staff account with a fresh TOTP secret, directly (admin:create, tests). Staff invited through the console
 * are created by the invitation flow instead (staff-invites.service.ts).
 */
export async function createStaffAccount(db: Db, input: NewStaff): Promise<EnrolledStaff> {
  const email = input.email.trim().toLowerCase();
  if (await findStaffByEmail(db, email)) throw new AppError(409, 'staff_email_taken');
  const totpSecret = newTotpSecret();
  const account = await insertStaffAccount(db, {
    email,
    name: input.name.trim(),
    passwordHash: await hashPassword(input.password),
    role: input.role,
    totpSecret,
    invitedBy: input.invitedBy ?? null,
  });
  return { account, totpSecret, otpauthUri: otpauthUri(email, totpSecret) };
}

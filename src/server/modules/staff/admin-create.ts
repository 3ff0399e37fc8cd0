import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import QRCode from 'qrcode';
import { STAFF_RULES } from '../../../shared/rules';
import { staffEmailSchema } from '../../../shared/schemas/admin-staff';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { isCommonPassword } from '../../lib/passwords';
import { createStaffAccount } from './staff-enrol.service';

/**
 * `npm run admin:create -- --email x@y [--name N] [--secret-out file] [--include-password]`: the first admin (and
 * any later one an operator needs), created directly in the database (docs/operations.md, "Staff accounts").
 * The password comes from ADMIN_PASSWORD, else is asked on a terminal, else the command refuses: there is never a
 * default password. `--email` (with its `--secret-out`) may be repeated to create several admins with that password
 * in one run (the e2e set-up: one database start instead of one per admin).
 */
export interface AdminToCreate {
  email: string;
  name: string;
  secretOut: string | undefined;
}

export interface AdminCreateArgs {
  admins: AdminToCreate[];
  includePassword: boolean;
}

export class UsageError extends Error {}

export const USAGE =
  'usage: npm run admin:create -- --email <address> [--name <name>] [--secret-out <file>] [--include-password]';

function nameOf(given: string | undefined, email: string): string {
  const name = (given ?? email.split('@')[0] ?? '').trim();
  if (name.length < STAFF_RULES.name.min || name.length > STAFF_RULES.name.max)
    throw new UsageError(`--name: ${STAFF_RULES.name.min} to ${STAFF_RULES.name.max} characters (${email})`);
  return name;
}

export function parseAdminCreateArgs(argv: string[]): AdminCreateArgs {
  let values: { email?: string[]; name?: string; 'secret-out'?: string[]; 'include-password'?: boolean };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        email: { type: 'string', multiple: true },
        name: { type: 'string' },
        'secret-out': { type: 'string', multiple: true },
        'include-password': { type: 'boolean' },
      },
      strict: true,
    }));
  } catch (err) {
    throw new UsageError(`${(err as Error).message}\n${USAGE}`);
  }
  const emails = values.email ?? [];
  const outs = values['secret-out'] ?? [];
  if (emails.length === 0) throw new UsageError(`--email is required\n${USAGE}`);
  if (outs.length > 0 && outs.length !== emails.length)
    throw new UsageError(`give one --secret-out per --email, or none\n${USAGE}`);
  if (values.name !== undefined && emails.length > 1)
    throw new UsageError('--name goes with a single --email');
  const admins = emails.map((raw, i) => {
    const parsed = staffEmailSchema.safeParse(raw);
    if (!parsed.success) throw new UsageError(`--email ${raw}: not a valid e-mail address\n${USAGE}`);
    return { email: parsed.data, name: nameOf(values.name, parsed.data), secretOut: outs[i] };
  });
  const includePassword = values['include-password'] === true;
  if (includePassword && outs.length === 0)
    throw new UsageError(`--include-password needs --secret-out\n${USAGE}`);
  return { admins, includePassword };
}

/** Why a password is refused, or null when it may be used. */
export function passwordProblem(password: string): string | null {
  const { min, max } = STAFF_RULES.password;
  if (password.length < min || password.length > max)
    return `the password must be ${min} to ${max} characters`;
  if (isCommonPassword(password)) return 'the password is on the list of common passwords';
  return null;
}

/** Writes `{ email, totpSecret[, password] }` readable by the owner only (mode 600), for automation. */
export async function writeSecretFile(
  file: string,
  content: { email: string; totpSecret: string; password?: string },
): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  await writeFile(file, `${JSON.stringify(content)}\n`, { mode: 0o600 });
  await chmod(file, 0o600);
}

export interface AdminCreated {
  staffId: number;
  otpauthUri: string;
  qr: string;
}

/** Creates one admin with a fresh TOTP secret; answers what to show the operator. */
export async function createAdmin(
  db: Db,
  admin: AdminToCreate,
  password: string,
  includePassword = false,
): Promise<AdminCreated> {
  const problem = passwordProblem(password);
  if (problem) throw new UsageError(problem);
  let enrolled: Awaited<ReturnType<typeof createStaffAccount>>;
  try {
    enrolled = await createStaffAccount(db, {
      email: admin.email,
      name: admin.name,
      password,
      role: 'admin',
    });
  } catch (err) {
    if (err instanceof AppError && err.code === 'staff_email_taken')
      throw new UsageError(`a staff account with the address ${admin.email} exists already`);
    throw err;
  }
  if (admin.secretOut)
    await writeSecretFile(admin.secretOut, {
      email: enrolled.account.email,
      totpSecret: enrolled.totpSecret,
      ...(includePassword ? { password } : {}),
    });
  const qr = await QRCode.toString(enrolled.otpauthUri, { type: 'terminal', small: true });
  return { staffId: enrolled.account.id, otpauthUri: enrolled.otpauthUri, qr };
}

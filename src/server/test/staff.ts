import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { STAFF_RULES } from '../../shared/rules';
import type { StaffRole } from '../../shared/schemas/admin-staff';
import { createStaffAccount } from '../modules/staff/staff-enrol.service';
import { totpCode } from '../modules/staff/totp';
import { CLIENT } from './factories';

export const STAFF_PASSWORD = 'Lantern-Quarry-Velvet-81';

export interface TestStaff {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  password: string;
  totpSecret: string;
}

export function uniqueStaffEmail(prefix = 'staff'): string {
  return `${prefix}-${randomBytes(5).toString('hex')}@example.org`;
}

/** Creates a staff account directly in the database (as admin:create does). */
export async function createStaff(
  app: FastifyInstance,
  role: StaffRole,
  input: { email?: string; name?: string; password?: string } = {},
): Promise<TestStaff> {
  const password = input.password ?? STAFF_PASSWORD;
  const { account, totpSecret } = await createStaffAccount(app.db, {
    email: input.email ?? uniqueStaffEmail(role),
    name: input.name ?? `Staff ${randomBytes(3).toString('hex')}`,
    password,
    role,
  });
  return { id: account.id, email: account.email, name: account.name, role, password, totpSecret };
}

/** A cookie of a response, as `name=value` for the next request's cookie header. */
export function cookieOf(res: LightMyRequestResponse, name: string): string {
  const c = res.cookies.find((x) => x.name === name);
  if (!c) throw new Error(`no ${name} cookie (status ${res.statusCode}: ${res.body})`);
  return `${name}=${c.value}`;
}

/** Step 1 of the sign-in: the challenge cookie for step 2. */
export async function staffPasswordStep(app: FastifyInstance, staff: TestStaff): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/admin/login.php',
    headers: CLIENT,
    payload: { email: staff.email, password: staff.password },
  });
  return cookieOf(res, STAFF_RULES.cookie.challengeName);
}

/**
 * Signs an existing staff account in through the API (password, then a TOTP code): request headers. Each code is
 * accepted once per account, and only the step before, the current one and the one after are: to sign the same
 * account in again within 30 s, pass a later `stepOffset` (-1, 0, +1 in that order).
 */
export async function signInAs(
  app: FastifyInstance,
  staff: TestStaff,
  stepOffset = 0,
): Promise<Record<string, string>> {
  const challenge = await staffPasswordStep(app, staff);
  const at = Date.now() + stepOffset * STAFF_RULES.totp.periodSeconds * 1000;
  const res = await app.inject({
    method: 'POST',
    url: '/api/admin/login-code.php',
    headers: { ...CLIENT, cookie: challenge },
    payload: { code: await totpCode(staff.totpSecret, at) },
  });
  return { ...CLIENT, cookie: cookieOf(res, STAFF_RULES.cookie.name) };
}

/**
 * A new staff account of `role`, signed in: headers (staff cookie + request-type header) for `app.inject`.
 *   const admin = await signInStaff(ctx.app, 'admin');
 *   await ctx.app.inject({ method: 'GET', url: '/api/admin/photos.php', headers: admin });
 */
export async function signInStaff(app: FastifyInstance, role: StaffRole): Promise<Record<string, string>> {
  return (await signInStaffAs(app, role)).headers;
}

/** Like signInStaff, and the account too (its id for audit checks). */
export async function signInStaffAs(
  app: FastifyInstance,
  role: StaffRole,
): Promise<{ staff: TestStaff; headers: Record<string, string> }> {
  const staff = await createStaff(app, role);
  return { staff, headers: await signInAs(app, staff) };
}

import { randomBytes } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { outbox } from '../db/schema';
import type { TestContext } from './test-app';

export const CLIENT = { 'x-request-type': 'client' } as const;

/**
 * A Dutch mobile number (06…, national form) of its own: SMS limits count per number across runs on a shared
 * PostgreSQL (sms_sends), so a fixed number in a test would be refused once earlier runs used up its day.
 */
export function uniqueMobile(): string {
  const prefix = 1 + Math.floor(Math.random() * 5);
  return `06${prefix}${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
}

export function uniqueEmail(prefix = 'member'): string {
  return `${prefix}-${randomBytes(5).toString('hex')}@example.org`;
}

export const GOOD_PASSWORD = 'Velvet-Harbour-42';

export interface SignupInput {
  email?: string;
  name?: string;
  password?: string;
  date_of_birth?: string;
  language?: string;
  signup_message?: string;
  member_id?: number;
  tracking?: Record<string, string>;
}

export function signupBody(input: SignupInput = {}) {
  return {
    email: input.email ?? uniqueEmail(),
    name: input.name ?? `Member${randomBytes(3).toString('hex')}`,
    password: input.password ?? GOOD_PASSWORD,
    date_of_birth: input.date_of_birth ?? '1990-05-17',
    language: input.language ?? 'en',
    sensitive_consent: true as const,
    ...(input.signup_message ? { signup_message: input.signup_message } : {}),
    ...(input.member_id ? { member_id: input.member_id } : {}),
    ...(input.tracking ? { tracking: input.tracking } : {}),
  };
}

/** The session cookie of a response, as a cookie header value for the next request. */
export function sessionCookieOf(res: LightMyRequestResponse): string {
  const c = res.cookies.find((x) => x.name === 'auth._token');
  if (!c) throw new Error(`no session cookie (status ${res.statusCode}: ${res.body})`);
  return `auth._token=${c.value}`;
}

export interface TestMember {
  id: number;
  email: string;
  password: string;
  cookie: string;
  name: string;
}

/** Signs up through the API on `domain` (and confirms the address unless told not to). */
export async function createMember(
  ctx: TestContext,
  domain: string,
  input: SignupInput & { confirm?: boolean } = {},
): Promise<TestMember> {
  const body = signupBody(input);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/signup.php',
    headers: { host: domain, ...CLIENT },
    payload: body,
  });
  if (res.statusCode !== 200) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
  const id = res.json().user.id as number;
  if (input.confirm !== false) {
    const link = await lastMailLink(ctx, body.email);
    const act = await ctx.app.inject({
      method: 'GET',
      url: new URL(link).pathname + new URL(link).search,
      headers: { host: domain },
    });
    if (act.headers.location !== '/activate/done') throw new Error('activation failed');
  }
  return { id, email: body.email, password: body.password, cookie: sessionCookieOf(res), name: body.name };
}

export async function lastMail(ctx: TestContext, to: string) {
  const [row] = await ctx.database.db
    .select()
    .from(outbox)
    .where(sql`${outbox.payload}->>'to' = ${to}`)
    .orderBy(desc(outbox.id))
    .limit(1);
  if (!row) throw new Error(`no mail to ${to}`);
  return row.payload as { to: string; subject: string; html: string; text: string };
}

/** The first link of the newest mail to `to`. */
export async function lastMailLink(ctx: TestContext, to: string): Promise<string> {
  const mail = await lastMail(ctx, to);
  const m = mail.text.match(/https?:\/\/\S+/);
  if (!m) throw new Error(`no link in mail to ${to}`);
  return m[0];
}

export function tokenOf(link: string): string {
  return new URL(link).searchParams.get('token') ?? new URL(link).searchParams.get('reactivate') ?? '';
}

export { eq };

import { isIPv4, isIPv6 } from 'node:net';
import { type SQL, sql } from 'drizzle-orm';
import { ACCOUNT_RULES } from '../../../shared/rules';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';

/**
 * Password-guessing limits (docs/decisions.md, "Login lockout"; numbers in ACCOUNT_RULES.login). Every password
 * check is counted BEFORE the password is looked at, in one SQL statement that also decides whether the attempt may
 * go ahead, so requests sent at once cannot slip past a limit. A right password then takes its own count back.
 *
 * Three counters (rows of login_throttle):
 * - `pair:<email>|<client>`: the account from one client address. Locks after `pairMaxFailures`.
 * - `ip:<client>`: the client address, whatever the account. Locks after `ipMaxFailures`.
 * - `acct:<email>`: the account, from every address. After `accountFreeFailures` it only slows down: each further
 *   attempt takes a slot of `accountSlowSeconds`, until the account has had `windowMinutes` without an attempt.
 *
 * A row: `failures` within the window that began at `window_started_at`; `locked_until`, when set, refuses every
 * attempt before it. Attempts refused by a lock neither count nor extend it.
 */
const R = ACCOUNT_RULES.login;
const WINDOW_SECONDS = R.windowMinutes * 60;
const LOCK_SECONDS = R.lockMinutes * 60;

interface Counter {
  key: string;
  /** the failure that brings the count to this number sets `locked_until` */
  limit: number;
  lockSeconds: number;
  /** after a lock, how long without attempts before the count starts again from zero */
  quietSeconds: number;
}

/**
 * The client as counted: an IPv4 address, or the /64 network of an IPv6 address (one subscriber usually holds a
 * whole /64, so counting single IPv6 addresses would let one machine try 2^64 times).
 */
export function clientOf(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (isIPv4(ip) || !isIPv6(ip.split('%')[0]!)) return ip;
  const addr = ip.split('%')[0]!.toLowerCase();
  const [head = '', tail] = addr.split('::');
  const groups = (part: string) => (part ? part.split(':') : []);
  const h = groups(head);
  const t = tail === undefined ? [] : groups(tail);
  const width = (g: string[]) => g.reduce((n, x) => n + (x.includes('.') ? 2 : 1), 0);
  const full = [...h, ...Array<string>(Math.max(0, 8 - width(h) - width(t))).fill('0'), ...t];
  return `${full
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

export const accountKey = (email: string) => `acct:${email.toLowerCase()}`;
export const ipKey = (ip: string) => `ip:${clientOf(ip)}`;
export const pairKey = (email: string, ip: string) => `pair:${email.toLowerCase()}|${clientOf(ip)}`;

/** Who is trying: the address of the account (as typed at login, or the member's) and the client's IP. */
export interface PasswordCheckSubject {
  email: string;
  ip: string;
  /**
   * Counters of their own for another kind of account (staff sign-in: 'staff'), prefixed to every key, so that
   * member and staff attempts never lock each other.
   */
  scope?: string;
}

/** The counters of an attempt, in the order they are taken: the account's slow-down slot comes last. */
function countersOf({ email, ip, scope }: PasswordCheckSubject): [Counter, Counter, Counter] {
  const k = (key: string) => (scope ? `${scope}:${key}` : key);
  return [
    { key: k(pairKey(email, ip)), limit: R.pairMaxFailures, lockSeconds: LOCK_SECONDS, quietSeconds: 0 },
    { key: k(ipKey(ip)), limit: R.ipMaxFailures, lockSeconds: LOCK_SECONDS, quietSeconds: 0 },
    {
      key: k(accountKey(email)),
      limit: R.accountFreeFailures,
      lockSeconds: R.accountSlowSeconds,
      quietSeconds: WINDOW_SECONDS,
    },
  ];
}

export const lockedError = (minutes: number) =>
  new AppError(429, 'login_locked', 'validation.login_locked', { minutes: Math.max(1, minutes) });

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * One counter's step of the admission: counts the attempt unless a lock runs, and returns the row (with its lock,
 * if this attempt set one) only when it counted. `from` makes it depend on the previous step, so a counter is only
 * taken when every counter before it let the attempt through.
 */
function admitStep(c: Counter, from: SQL): SQL {
  const fresh = sql`(
    (t.locked_until is null and t.window_started_at <= now() - make_interval(secs => ${WINDOW_SECONDS}))
    or (t.locked_until is not null and t.locked_until <= now() - make_interval(secs => ${c.quietSeconds})))`;
  const lockAt = sql`now() + make_interval(secs => ${c.lockSeconds})`;
  return sql`insert into login_throttle as t (key, failures, window_started_at, locked_until)
    select ${c.key}, 1, now(), case when 1 >= ${c.limit}::int then ${lockAt} end ${from}
    on conflict (key) do update set
      failures = case when ${fresh} then 1 else t.failures + 1 end,
      window_started_at = case when ${fresh} then now() else t.window_started_at end,
      locked_until = case when (case when ${fresh} then 1 else t.failures + 1 end) >= ${c.limit}::int
        then ${lockAt} end
    where t.locked_until is null or t.locked_until <= now()
    returning t.locked_until`;
}

interface Admission {
  /** how many counters (in order) counted the attempt; all three means it may reach the password check */
  counted: number;
  /** seconds left of the longest lock this attempt set (0: none) */
  lockSeconds: number;
}

async function admit(db: Db, counters: Counter[]): Promise<Admission> {
  const [pair, ip, acct] = counters as [Counter, Counter, Counter];
  const result = await db.execute(sql`
    with p as (${admitStep(pair, sql``)}),
      i as (${admitStep(ip, sql`from p`)}),
      a as (${admitStep(acct, sql`from i`)})
    select (select count(*) from p)::int + (select count(*) from i)::int + (select count(*) from a)::int as counted,
      coalesce(extract(epoch from greatest(
        (select locked_until from p), (select locked_until from i), (select locked_until from a)) - now()), 0)::float8
        as lock_seconds`);
  const row = rowsOf<{ counted: number | string; lock_seconds: number | string }>(result)[0];
  return { counted: Number(row?.counted ?? 0), lockSeconds: Number(row?.lock_seconds ?? 0) };
}

/**
 * Takes back one counted attempt of each counter (a right password, or an attempt another counter refused). A lock
 * the count no longer reaches ends; the account's slow-down slot is given back. `forget` deletes counters outright.
 * One statement per row, in the order the admission takes them: never holding one row while waiting for another,
 * an undo cannot deadlock with an admission.
 */
async function undo(db: Db, counters: Counter[], forget: Counter[] = []): Promise<void> {
  for (const c of forget) await db.execute(sql`delete from login_throttle where key = ${c.key}`);
  for (const c of counters) {
    await db.execute(sql`
      update login_throttle set
        failures = greatest(failures - 1, 0),
        locked_until = case when locked_until is null or failures - 1 < ${c.limit}::int then null
          else least(locked_until, now()) end
      where key = ${c.key}`);
  }
}

/** Minutes left of the longest lock on any of the counters, at least 1 (the answer to a refused attempt). */
async function lockMinutes(db: Db, counters: Counter[]): Promise<number> {
  const result = await db.execute(sql`
    select coalesce(extract(epoch from max(locked_until) - now()), 0)::float8 as seconds
    from login_throttle
    where key in (${sql.join(
      counters.map((c) => sql`${c.key}`),
      sql`, `,
    )}) and locked_until > now()`);
  return Math.max(1, Math.ceil(Number(rowsOf<{ seconds: number | string }>(result)[0]?.seconds ?? 0) / 60));
}

/**
 * Runs a password check under the limits: `verify` only runs when the attempt was let through and counted, and
 * its answer is returned. Throws 429 login_locked (with the minutes left) when a limit refuses the attempt, or
 * when this wrong password started a lock. A right password takes its count back and clears the pair's failures.
 */
export async function guardPasswordCheck(
  db: Db,
  subject: PasswordCheckSubject,
  verify: () => Promise<boolean>,
): Promise<boolean> {
  const counters = countersOf(subject);
  const admission = await admit(db, counters);
  if (admission.counted < counters.length) {
    await undo(db, counters.slice(0, admission.counted));
    throw lockedError(await lockMinutes(db, counters));
  }
  let ok: boolean;
  try {
    ok = await verify();
  } catch (err) {
    await undo(db, counters).catch(() => undefined);
    throw err;
  }
  if (ok) {
    const [pair, ...others] = counters;
    await undo(db, others, [pair]);
    return true;
  }
  if (admission.lockSeconds > 0) throw lockedError(Math.ceil(admission.lockSeconds / 60));
  return false;
}

/**
 * Deletes the rows that no longer count: window over and any lock over for a whole window (which covers the
 * account's quiet time). Returns how many went. Run by the scheduler (bootstrap.ts).
 */
export async function cleanLoginThrottle(db: Db): Promise<number> {
  // SKIP LOCKED: rows being counted right now are left for the next run, and cleanup never waits on an attempt.
  const result = await db.execute(sql`
    with d as (
      delete from login_throttle
      where key in (
        select key from login_throttle
        where greatest(window_started_at, locked_until) < now() - make_interval(secs => ${WINDOW_SECONDS})
        for update skip locked)
      returning 1)
    select count(*)::int as n from d`);
  return Number(rowsOf<{ n: number | string }>(result)[0]?.n ?? 0);
}

import { createHmac, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { RULES } from '../../../shared/rules';
import type { Db } from '../../db/client';
import { serverKeys, smsSends } from '../../db/schema';
import { AppError } from '../app-error';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const RULE = RULES.directDebit;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * How many SMS may go out (SMS cost money; docs/payments.md "Direct debit"): per member per hour and per 24 hours,
 * and per phone number per hour and per 24 hours, whichever members ask (RULES.directDebit). Every send is a row of
 * sms_sends; `reserveSmsSend` counts and records in the caller's transaction under transaction-scoped advisory locks
 * on the member and the number, so parallel requests (of one member, or of several members at one number) are
 * counted one after the other and never more than the limit go out.
 *
 * The number is kept, used as a lock key and logged only as a keyed hash (HMAC-SHA256 with a key made on first use
 * and shared by every instance, server_keys 'sms-number'): never the number itself.
 */
export async function ensureSmsNumberKey(db: Db): Promise<Buffer> {
  const read = async () =>
    (await db.select().from(serverKeys).where(eq(serverKeys.name, 'sms-number')).limit(1))[0]?.value.secret;
  const found = await read();
  if (found) return Buffer.from(found, 'base64url');
  await db
    .insert(serverKeys)
    .values({ name: 'sms-number', value: { secret: randomBytes(32).toString('base64url') } })
    .onConflictDoNothing();
  return Buffer.from((await read())!, 'base64url');
}

const numberKeys = new WeakMap<Db, Promise<Buffer>>();

/** The number key of this database, read once per process. */
export function smsNumberKey(db: Db): Promise<Buffer> {
  let key = numberKeys.get(db);
  if (!key) {
    key = ensureSmsNumberKey(db);
    key.catch(() => numberKeys.delete(db));
    numberKeys.set(db, key);
  }
  return key;
}

/** The keyed hash of an E.164 number: what is stored, locked on and logged instead of the number. */
export function smsNumberHash(key: Buffer, e164: string): string {
  return createHmac('sha256', key).update(`sms-number:${e164}`).digest('hex');
}

/** Which limit refused a send. */
export type SmsLimit = 'member_day' | 'member_hour' | 'number_hour' | 'number_day';

/** A send refused by a limit: 429 with the member's message; `numberHash` (a prefix) is for the log. */
export class SmsLimitReached extends AppError {
  constructor(
    readonly limit: SmsLimit,
    readonly numberHash: string,
  ) {
    const code =
      limit === 'member_day'
        ? 'otp_send_limit'
        : limit === 'member_hour'
          ? 'otp_send_limit_hour'
          : 'sms_number_limit';
    super(429, code);
  }
}

/** Transaction-scoped advisory lock on a text key (released at commit or rollback). */
const lock = (tx: Tx, key: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);

async function counts(tx: Tx, where: ReturnType<typeof eq>, now: Date) {
  const [row] = await tx
    .select({
      hour: sql<number>`count(*) filter (where ${smsSends.sentAt} > ${new Date(now.getTime() - HOUR_MS)})::int`,
      day: sql<number>`count(*)::int`,
    })
    .from(smsSends)
    .where(and(where, gt(smsSends.sentAt, new Date(now.getTime() - DAY_MS))));
  return { hour: Number(row?.hour ?? 0), day: Number(row?.day ?? 0) };
}

/**
 * In the transaction that queues the SMS: takes the member's and the number's locks (in that order, so two
 * transactions never wait for each other the other way round), checks the limits and records the send. Throws
 * SmsLimitReached when a limit is reached; the transaction then rolls back and nothing is sent.
 */
export async function reserveSmsSend(
  tx: Tx,
  send: { userId: number; numberHash: string; now: Date },
): Promise<void> {
  const { userId, numberHash, now } = send;
  await lock(tx, `sms:member:${userId}`);
  await lock(tx, `sms:number:${numberHash}`);
  const member = await counts(tx, eq(smsSends.userId, userId), now);
  const refuse = (limit: SmsLimit) => new SmsLimitReached(limit, numberHash.slice(0, 16));
  if (member.day >= RULE.smsPerDay) throw refuse('member_day');
  if (member.hour >= RULE.smsPerHour) throw refuse('member_hour');
  const number = await counts(tx, eq(smsSends.numberHash, numberHash), now);
  if (number.hour >= RULE.smsPerNumberPerHour) throw refuse('number_hour');
  if (number.day >= RULE.smsPerNumberPerDay) throw refuse('number_day');
  // Sends older than the longest window no longer count: this number's are forgotten as it is used again.
  await tx
    .delete(smsSends)
    .where(and(eq(smsSends.numberHash, numberHash), lt(smsSends.sentAt, new Date(now.getTime() - DAY_MS))));
  await tx.insert(smsSends).values({ userId, numberHash, sentAt: now });
}

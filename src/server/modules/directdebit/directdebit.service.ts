import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { isLocale, type Locale } from '../../../shared/locales';
import type { DirectDebitRequest, DirectDebitStart } from '../../../shared/schemas/directdebit';
import { checkIban, formatPhone, maskIban, parseMobile } from '../../../shared/sepa';
import type { Db } from '../../db/client';
import type { Company, Site } from '../../db/schema';
import { translate } from '../../i18n/translate';
import { AppError, fieldError } from '../../lib/app-error';
import { enqueueSms } from '../../lib/sms/sms';
import { checkSmsDestination } from '../../lib/sms/sms-destination';
import { reserveSmsSend, smsNumberHash, smsNumberKey } from '../../lib/sms/sms-limits';
import type { Tx } from '../accounts/accounts.repo';
import type { PaymentProvider } from '../payments/providers/provider';
import { formatMoney } from '../payments/receipt';
import { servedCountries } from '../sites/sites.service';
import {
  creditorOf,
  type DirectDebitMember,
  type DirectDebitOptions,
  type DirectDebitSite,
  lockAndCheckDebit,
  priceOrder,
  RULE,
} from './directdebit.offer';
import { findRequest, insertRequest, lockMember, type RequestRow, replaceCode } from './directdebit.repo';
import { smsRef, smsStateOf } from './directdebit.sms-status';

/**
 * Direct debit with an SMS code (docs/payments.md "Direct debit").
 *
 * 1. The form (POST directdebit.php): fields checked (IBAN with ibantools, a mobile number for the member's country),
 *    the bundle priced as at checkout (discount codes included), the member's standing checked (blocked after a
 *    charged-back debit; the amount limit per window), then a request row and its SMS in one transaction.
 * 2. The code (POST directdebit-confirm.php): one atomic UPDATE counts the attempt; the code is compared in constant
 *    time; one conditional UPDATE claims the request, so parallel confirmations pay once. Then, under the member's
 *    lock, the payment row (limit checked again), the provider's customer, mandate (POST /v2/customers/{id}/mandates)
 *    and recurring payment on it, and in one last transaction the pre-notification mail and the provider's answer.
 *
 * The browser's reference for a request is a random token; the database keeps its SHA-256, and the code and the
 * IBAN only as HMACs keyed with it: someone reading the database learns neither. The IBAN is never stored, only
 * masked: the confirmation sends it again and it goes straight to the provider.
 *
 * Step 1 is here (with the resend); step 2 is directdebit.confirm.ts, which uses the digests below.
 */

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
export const keyed = (token: string, value: string) =>
  createHmac('sha256', token).update(value).digest('hex');

/** Constant-time comparison of two hex digests. */
export function sameDigest(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}

const newCode = () => String(randomInt(0, 10 ** RULE.codeDigits)).padStart(RULE.codeDigits, '0');

/** A unique SEPA mandate reference (at most 35 characters of the SEPA set). */
const newMandateReference = (userId: number) =>
  `DD-${userId}-${randomBytes(5).toString('hex').toUpperCase()}`;

export const localeOf = (language: string): Locale => (isLocale(language) ? language : 'en');

const unavailable = () => new AppError(503, 'directdebit_unavailable');
export const requestNotFound = () => new AppError(404, 'directdebit_not_found');

export function presentRequest(row: RequestRow, token: string, company: Company): DirectDebitRequest {
  const more = row.sends < RULE.sendsPerRequest;
  return {
    id: token,
    masked_iban: row.ibanMasked,
    phone: formatPhone(row.phone),
    account_holder: row.accountHolder,
    price: {
      list_amount: row.listAmountMinor,
      discount: row.discountMinor,
      amount: row.amountMinor,
      currency: row.currency,
      discount_code: row.discountCode,
    },
    credits: row.credits,
    bundle_id: row.bundleId,
    mandate_reference: row.mandateReference,
    creditor: creditorOf(company),
    expires_at: row.expiresAt.toISOString(),
    resend_at: more
      ? new Date(row.lastSentAt.getTime() + RULE.resendAfterSeconds * 1000).toISOString()
      : null,
    attempts_left: Math.max(0, RULE.attemptsPerCode - row.attempts),
    sends_left: Math.max(0, RULE.sendsPerRequest - row.sends),
    sms: smsStateOf(row.smsStatus),
  };
}

/** The SMS with the code, in the member's language; it names the amount and the account's last four characters. */
async function queueCode(
  tx: Tx,
  member: DirectDebitMember,
  site: Site,
  row: Pick<RequestRow, 'id' | 'sends' | 'phone' | 'amountMinor' | 'currency' | 'ibanMasked' | 'expiresAt'>,
  code: string,
): Promise<void> {
  const locale = localeOf(member.language);
  const text = translate(locale, 'sms.directdebit_code', {
    siteName: site.name,
    code,
    amount: formatMoney(row.amountMinor, row.currency, locale),
    last4: row.ibanMasked.replace(/\s+/g, '').slice(-4),
    minutes: RULE.codeMinutes,
  });
  await enqueueSms(tx, member.id, {
    to: row.phone,
    text,
    expires_at: row.expiresAt.toISOString(),
    ref: smsRef(row.id, row.sends),
  });
}

/**
 * The SMS limits per member and per number (lib/sms/sms-limits.ts), counted and recorded in the transaction that
 * queues the code: refused with 429 (otp_send_limit, otp_send_limit_hour, sms_number_limit) beyond them. The number
 * key is read before the transaction (an embedded database has one connection, which the transaction holds).
 */
const reserveCode = (tx: Tx, numberKey: Buffer, userId: number, phone: string, now: Date) =>
  reserveSmsSend(tx, { userId, numberHash: smsNumberHash(numberKey, phone), now });

/** POST /api/directdebit.php: checks the form, prices the order, and sends the code. */
export async function startDirectDebit(
  db: Db,
  provider: PaymentProvider,
  member: DirectDebitMember,
  where: DirectDebitSite,
  body: DirectDebitStart,
  opts: DirectDebitOptions,
  now: Date,
): Promise<DirectDebitRequest> {
  const { site, company } = where;
  if (!opts.smsAvailable || site.directDebitLimitMinor <= 0) throw unavailable();
  const iban = checkIban(body.iban);
  if (!iban.ok) throw fieldError(400, 'validation_failed', 'iban', `validation.directdebit.${iban.reason}`);
  const typed = parseMobile(body.phone, member.country ?? undefined);
  // The form's check (a mobile number at all), then where codes may go: the site's countries, mobiles only.
  const destination = typed ? checkSmsDestination(typed, servedCountries(site)) : undefined;
  if (!destination?.ok)
    throw fieldError(
      400,
      'validation_failed',
      'phone',
      `validation.directdebit.${destination?.reason ?? 'phone_invalid'}`,
      {
        siteName: site.name,
      },
    );
  const phone = destination.e164;
  const order = await priceOrder(
    db,
    provider,
    member,
    { bundleId: body.bundle_id, discountCode: body.discount_code },
    { now, welcomeHours: site.welcomeDiscountHours },
  );
  const token = randomBytes(32).toString('base64url');
  const code = newCode();
  const numberKey = await smsNumberKey(db);
  const row = await db.transaction(async (tx) => {
    await lockAndCheckDebit(
      tx,
      member,
      site,
      { amountMinor: order.priced.amountMinor, currency: order.price.currency, country: order.country },
      now,
    );
    await reserveCode(tx, numberKey, member.id, phone, now);
    const created = await insertRequest(tx, {
      userId: member.id,
      tokenHash: sha256(token),
      bundleId: order.bundle.id,
      credits: order.bundle.credits,
      amountMinor: order.priced.amountMinor,
      listAmountMinor: order.priced.listAmountMinor,
      discountCode: order.discount?.code.code ?? null,
      discountMinor: order.priced.discountMinor,
      currency: order.price.currency,
      vatRateBp: order.price.vatRateBp,
      country: order.country,
      accountHolder: body.account_holder,
      street: body.street,
      houseNumber: body.house_number,
      zip: body.zip.toUpperCase(),
      city: body.city,
      ibanMasked: maskIban(iban.iban),
      ibanBinding: keyed(token, iban.iban),
      phone,
      codeHash: keyed(token, code),
      lastSentAt: now,
      expiresAt: new Date(now.getTime() + RULE.codeMinutes * 60_000),
      mandateReference: newMandateReference(member.id),
      createdAt: now,
    });
    await queueCode(tx, member, site, created, code);
    return created;
  });
  return presentRequest(row, token, company);
}

/** GET /api/directdebit-request.php: the member's request again, for whether its code's SMS arrived. */
export async function readRequest(db: Db, member: DirectDebitMember, where: DirectDebitSite, token: string) {
  const row = await findRequest(db, sha256(token), member.id);
  if (!row) throw requestNotFound();
  return presentRequest(row, token, where.company);
}

/** POST /api/directdebit-resend.php: a new code (sends left, the wait over, the daily number not reached). */
export async function resendCode(
  db: Db,
  member: DirectDebitMember,
  where: DirectDebitSite,
  token: string,
  now: Date,
): Promise<DirectDebitRequest> {
  const tokenHash = sha256(token);
  const code = newCode();
  const numberKey = await smsNumberKey(db);
  const row = await db.transaction(async (tx) => {
    await lockMember(tx, member.id);
    const current = await findRequest(tx, tokenHash, member.id);
    if (!current) throw requestNotFound();
    if (current.status !== 'pending') throw new AppError(409, 'directdebit_already_confirmed');
    if (current.sends >= RULE.sendsPerRequest) throw new AppError(429, 'otp_resend_limit');
    const waitMs = current.lastSentAt.getTime() + RULE.resendAfterSeconds * 1000 - now.getTime();
    if (waitMs > 0)
      throw new AppError(429, 'otp_resend_too_soon', 'errors.otp_resend_too_soon', {
        seconds: Math.ceil(waitMs / 1000),
      });
    await reserveCode(tx, numberKey, member.id, current.phone, now);
    const updated = await replaceCode(tx, tokenHash, member.id, keyed(token, code), now);
    // Changed by a parallel resend between the read and the update: that one sent the code.
    if (!updated)
      throw new AppError(429, 'otp_resend_too_soon', 'errors.otp_resend_too_soon', { seconds: 1 });
    await queueCode(tx, member, where.site, updated, code);
    return updated;
  });
  return presentRequest(row, token, where.company);
}

import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { isLocale, type Locale } from '../../../shared/locales';
import type {
  DirectDebitConfirmed,
  DirectDebitRequest,
  DirectDebitStart,
} from '../../../shared/schemas/directdebit';
import { checkIban, debitDate, formatPhone, maskIban, parseMobile } from '../../../shared/sepa';
import type { Db } from '../../db/client';
import { type Company, payments, type Site } from '../../db/schema';
import { translate } from '../../i18n/translate';
import { AppError, type FieldError, fieldError } from '../../lib/app-error';
import { enqueueSms } from '../../lib/sms/sms';
import type { Tx } from '../accounts/accounts.repo';
import { checkCode, reserveForPayment, settleForPayment } from '../discounts/discounts.service';
import { vatIncluded } from '../payments/catalogue-defaults';
import {
  applyInTx,
  customerOf,
  type PaymentUrls,
  presentPayment,
  providerUnavailable,
} from '../payments/payments.service';
import {
  type PaymentProvider,
  type ProviderMandate,
  type ProviderPayment,
  ProviderUnavailableError,
} from '../payments/providers/provider';
import { formatMoney } from '../payments/receipt';
import { enqueuePreNotification } from './directdebit.mail';
import {
  creditorOf,
  type DirectDebitMember,
  type DirectDebitOptions,
  type DirectDebitSite,
  priceOrder,
  RULE,
  refusalError,
  refusalFor,
} from './directdebit.offer';
import {
  claimRequest,
  countAttempt,
  findRequest,
  finishRequest,
  insertRequest,
  lockMember,
  lockPayment,
  type RequestRow,
  replaceCode,
  smsSentSince,
} from './directdebit.repo';

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
 */

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const keyed = (token: string, value: string) => createHmac('sha256', token).update(value).digest('hex');

/** Constant-time comparison of two hex digests. */
function sameDigest(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}

const newCode = () => String(randomInt(0, 10 ** RULE.codeDigits)).padStart(RULE.codeDigits, '0');

/** A unique SEPA mandate reference (at most 35 characters of the SEPA set). */
const newMandateReference = (userId: number) =>
  `DD-${userId}-${randomBytes(5).toString('hex').toUpperCase()}`;

const localeOf = (language: string): Locale => (isLocale(language) ? language : 'en');

const unavailable = () => new AppError(503, 'directdebit_unavailable');
const requestNotFound = () => new AppError(404, 'directdebit_not_found');

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
  };
}

/** The SMS with the code, in the member's language; it names the amount and the account's last four characters. */
async function queueCode(
  tx: Tx,
  member: DirectDebitMember,
  site: Site,
  row: Pick<RequestRow, 'phone' | 'amountMinor' | 'currency' | 'ibanMasked' | 'expiresAt'>,
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
  await enqueueSms(tx, member.id, { to: row.phone, text, expires_at: row.expiresAt.toISOString() });
}

/** The member's daily number of codes: refused beyond RULES.directDebit.smsPerDay. */
async function checkDailySms(tx: Tx, userId: number, now: Date): Promise<void> {
  if ((await smsSentSince(tx, userId, new Date(now.getTime() - 86_400_000))) >= RULE.smsPerDay)
    throw new AppError(429, 'otp_send_limit');
}

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
  const phone = parseMobile(body.phone, member.country ?? undefined);
  if (!phone) throw fieldError(400, 'validation_failed', 'phone', 'validation.directdebit.phone_invalid');
  const order = await priceOrder(
    db,
    provider,
    member,
    { bundleId: body.bundle_id, discountCode: body.discount_code },
    { now, welcomeHours: site.welcomeDiscountHours },
  );
  const token = randomBytes(32).toString('base64url');
  const code = newCode();
  const row = await db.transaction(async (tx) => {
    await lockMember(tx, member.id);
    const refusal = await refusalFor(
      tx,
      member,
      site,
      { amountMinor: order.priced.amountMinor, currency: order.price.currency, country: order.country },
      now,
    );
    if (refusal) throw refusalError(refusal, member.uiLocale);
    await checkDailySms(tx, member.id, now);
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
    await checkDailySms(tx, member.id, now);
    const updated = await replaceCode(tx, tokenHash, member.id, keyed(token, code), now);
    // Changed by a parallel resend between the read and the update: that one sent the code.
    if (!updated)
      throw new AppError(429, 'otp_resend_too_soon', 'errors.otp_resend_too_soon', { seconds: 1 });
    await queueCode(tx, member, where.site, updated, code);
    return updated;
  });
  return presentRequest(row, token, where.company);
}

/** Why an attempt could not be counted: unknown (or another member's), used, expired or out of tries. */
async function attemptRefusal(db: Db, tokenHash: string, userId: number, now: Date): Promise<AppError> {
  const row = await findRequest(db, tokenHash, userId);
  if (!row) return requestNotFound();
  if (row.status !== 'pending') return new AppError(409, 'directdebit_already_confirmed');
  if (row.attempts >= RULE.attemptsPerCode) return new AppError(429, 'otp_attempts_exceeded');
  if (row.expiresAt.getTime() <= now.getTime()) return new AppError(410, 'otp_expired');
  return requestNotFound();
}

/** Ends a claimed request that could not be paid: its payment (if any) failed and its discount code free again. */
async function failRequest(db: Db, row: RequestRow, paymentId: number | null): Promise<void> {
  await db.transaction(async (tx) => {
    if (paymentId !== null) {
      await tx
        .update(payments)
        .set({ status: 'failed', updatedAt: sql`now()` })
        .where(eq(payments.id, paymentId));
      await settleForPayment(tx, paymentId, 'failed');
    }
    await finishRequest(tx, row.id, { status: 'failed' });
  });
}

/**
 * The provider made the mandate but refused its first debit (or did not answer): the mandate is revoked, so the
 * provider holds no authorisation (and no account) for a debit that did not happen. When the revoke fails too, the
 * answer's cause (logged by the route, masked) says so, with the mandate's id, for a revoke by hand.
 */
async function revokeOrphan(
  provider: PaymentProvider,
  orphan: { customerId: string; mandateId: string },
  answer: AppError,
): Promise<void> {
  try {
    await provider.revokeMandate(orphan.customerId, orphan.mandateId);
  } catch (revokeError) {
    answer.cause = new AggregateError(
      [answer.cause ?? answer, revokeError],
      `mandate ${orphan.mandateId} of customer ${orphan.customerId} could not be revoked after its debit was refused`,
    );
  }
}

/**
 * POST /api/directdebit-confirm.php: the code, then the mandate and the payment. Answers the payment (pending while
 * the bank collects it; the test provider settles it a few seconds later) and the mandate's pre-notification data.
 */
export async function confirmDirectDebit(
  db: Db,
  provider: PaymentProvider,
  member: DirectDebitMember,
  where: DirectDebitSite,
  body: { request: string; otp: string; iban: string },
  urls: PaymentUrls,
  now: Date,
): Promise<DirectDebitConfirmed> {
  const { site, company } = where;
  const token = body.request;
  const tokenHash = sha256(token);
  const row = await countAttempt(db, tokenHash, member.id, now);
  if (!row) throw await attemptRefusal(db, tokenHash, member.id, now);
  if (!sameDigest(keyed(token, body.otp), row.codeHash)) {
    const left = RULE.attemptsPerCode - row.attempts;
    const field: FieldError =
      left > 0
        ? { key: 'errors.otp_invalid_left', vars: { count: left } }
        : { key: 'errors.otp_invalid_last' };
    throw new AppError(400, 'otp_invalid', 'errors.otp_invalid', {}, { otp: field });
  }
  // The code confirms the account it was sent for, and no other.
  const iban = checkIban(body.iban);
  if (!iban.ok || !sameDigest(keyed(token, iban.iban), row.ibanBinding))
    throw fieldError(400, 'directdebit_iban_changed', 'iban', 'errors.directdebit_iban_changed');
  if (!(await claimRequest(db, row.id))) throw new AppError(409, 'directdebit_already_confirmed');

  const locale = localeOf(member.language);
  let paymentId: number | null = null;
  // A mandate the provider made for a debit it then refused is revoked (in the catch below).
  let orphan: { customerId: string; mandateId: string } | null = null;
  try {
    // The payment row first (so a webhook always finds it), under the member's lock with the limit checked again.
    const payment = await db.transaction(async (tx) => {
      await lockMember(tx, member.id);
      const refusal = await refusalFor(
        tx,
        member,
        site,
        { amountMinor: row.amountMinor, currency: row.currency, country: row.country },
        now,
      );
      if (refusal) throw refusalError(refusal, member.uiLocale);
      // The code as quoted when the form was sent (its window may have closed since), reserved with the payment.
      const discount = row.discountCode
        ? await checkCode(
            tx,
            row.discountCode,
            {
              id: member.id,
              signupDate: member.signupDate,
              paidUser: member.paidUser,
              country: row.country,
            },
            { now: row.createdAt, welcomeHours: site.welcomeDiscountHours },
          )
        : undefined;
      const [inserted] = await tx
        .insert(payments)
        .values({
          userId: member.id,
          bundleId: row.bundleId,
          provider: provider.name,
          method: 'sdd',
          amountMinor: row.amountMinor,
          listAmountMinor: row.listAmountMinor,
          discountCode: row.discountCode,
          discountMinor: row.discountMinor,
          currency: row.currency,
          vatMinor: vatIncluded(row.amountMinor, row.vatRateBp),
          vatRateBp: row.vatRateBp,
          credits: row.credits,
          country: row.country,
          sequenceType: 'recurring',
        })
        .returning();
      const created = inserted as typeof payments.$inferSelect;
      if (discount) await reserveForPayment(tx, discount.code, member.id, created.id);
      await finishRequest(tx, row.id, { paymentId: created.id });
      return created;
    });
    paymentId = payment.id;

    const signatureDate = now.toISOString().slice(0, 10);
    const customerId = await customerOf(db, provider, member);
    const mandate: ProviderMandate = await provider.createMandate({
      customerId,
      consumerName: row.accountHolder,
      consumerAccount: iban.iban,
      signatureDate,
      mandateReference: row.mandateReference,
    });
    orphan = { customerId, mandateId: mandate.id };
    const created: ProviderPayment = await provider.createPayment({
      amountMinor: payment.amountMinor,
      currency: payment.currency,
      description: `${payment.credits} credits (#${payment.id})`,
      method: 'directdebit',
      redirectUrl: `${urls.publicUrl}/transactions/${payment.id}`,
      webhookUrl: `${urls.publicUrl}/api/payment-webhook.php`,
      metadata: { payment_id: String(payment.id), mandate_reference: row.mandateReference },
      locale: member.language,
      sequenceType: 'recurring',
      customerId,
      mandateId: mandate.id,
    });
    orphan = null;

    const debitDay = debitDate(now, RULE.debitAfterBusinessDays);
    const after = await db.transaction(async (tx) => {
      await tx
        .update(payments)
        .set({ providerPaymentId: created.id, mandateId: mandate.id, updatedAt: sql`now()` })
        .where(eq(payments.id, payment.id));
      const locked = await lockPayment(tx, payment.id);
      if (!locked) throw new Error(`payment ${payment.id} vanished`);
      await finishRequest(tx, row.id, {
        status: 'confirmed',
        mandateId: mandate.id,
        debitDate: debitDay,
        confirmedAt: now,
      });
      await enqueuePreNotification(tx, {
        site,
        company,
        member: { id: member.id, email: member.email, name: member.name, language: locale },
        payment: locked,
        mandateReference: row.mandateReference,
        ibanMasked: row.ibanMasked,
        accountHolder: row.accountHolder,
        debitDate: debitDay,
        signatureDate,
      });
      await applyInTx(tx, locked, created);
      return lockPayment(tx, payment.id);
    });
    return {
      payment: presentPayment(after ?? payment),
      mandate: {
        reference: row.mandateReference,
        masked_iban: row.ibanMasked,
        debit_date: debitDay,
        creditor: creditorOf(company),
      },
    };
  } catch (err) {
    await failRequest(db, row, paymentId);
    // The cause goes to the log (masked: log-redaction), never to the member.
    const answer =
      err instanceof AppError
        ? err
        : err instanceof ProviderUnavailableError
          ? Object.assign(providerUnavailable(), { cause: err })
          : Object.assign(new AppError(502, 'directdebit_refused'), { cause: err });
    if (orphan) await revokeOrphan(provider, orphan, answer);
    throw answer;
  }
}

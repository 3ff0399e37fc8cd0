import { eq, sql } from 'drizzle-orm';
import { WITHDRAWAL_RULES } from '../../../shared/rules';
import type { DirectDebitConfirmed } from '../../../shared/schemas/directdebit';
import { checkIban, creditsDate, debitDate } from '../../../shared/sepa';
import type { Db } from '../../db/client';
import { payments } from '../../db/schema';
import { AppError, type FieldError, fieldError } from '../../lib/app-error';
import { checkCode, reserveForPayment } from '../discounts/discounts.service';
import { applyInTx } from '../payments/apply-payment';
import { vatIncluded } from '../payments/catalogue-defaults';
import {
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
import { failUnanswered } from '../payments/unanswered-payments';
import { enqueuePreNotification } from './directdebit.mail';
import {
  creditorOf,
  type DirectDebitMember,
  type DirectDebitSite,
  lockAndCheckDebit,
  RULE,
} from './directdebit.offer';
import {
  claimRequest,
  countAttempt,
  findRequest,
  finishRequest,
  lockPayment,
  type RequestRow,
} from './directdebit.repo';

import { keyed, localeOf, requestNotFound, sameDigest, sha256 } from './directdebit.service';

/**
 * Direct debit, step 2 (docs/payments.md "Direct debit"): the member's code confirms the request, then the payment
 * row, the provider's customer, mandate and recurring payment, and the pre-notification mail; a request that could
 * not be paid is ended and a mandate the provider made for it revoked. Step 1 (the form and the code's SMS) is in
 * directdebit.service.ts.
 */
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
    // Failed, unless the provider made it after all and its webhook adopted it meanwhile (unanswered-payments).
    if (paymentId !== null) await failUnanswered(tx, paymentId);
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
  body: { request: string; otp: string; iban: string; immediate_start?: true | undefined },
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
      await lockAndCheckDebit(
        tx,
        member,
        site,
        { amountMinor: row.amountMinor, currency: row.currency, country: row.country },
        now,
      );
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
          // The express request to start at once, with the version of the text shown (as at checkout).
          ...(body.immediate_start
            ? { immediateStartAt: now, immediateStartVersion: WITHDRAWAL_RULES.immediateStartVersion }
            : {}),
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
      country: member.country ?? undefined,
      sequenceType: 'recurring',
      customerId,
      mandateId: mandate.id,
    });
    orphan = null;

    const debitDay = debitDate(now, RULE.debitAfterBusinessDays);
    const creditsDay = creditsDate(debitDay, RULE.creditsAfterBusinessDays);
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
        creditsDate: creditsDay,
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
        credits_date: creditsDay,
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

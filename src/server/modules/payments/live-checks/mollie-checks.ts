/**
 * The Mollie checks to run with a `test_` key before going live (docs/payments.md "Before going live";
 * scripts/verify-providers.ts runs them). Each answers one question the local fake cannot: it asks Mollie itself,
 * through the official client, and says what it saw. Where a person has to act (pay on Mollie's test checkout page,
 * create a chargeback on the test payment's state page), a check creates the payment, returns `skipped` with what to
 * do next, and judges the outcome when it runs again with that payment's id.
 *
 * The payments made here are test-mode payments of EUR 1.00 posting to the script's own webhook listener (never the
 * product's webhook): nothing here touches the product's database.
 */
import {
  MandateMethod,
  type MollieClient,
  type Payment,
  PaymentMethod,
  SequenceType,
} from '@mollie/api-client';
import { RULES } from '../../../../shared/rules';
import { debitDate, isTargetBusinessDay } from '../../../../shared/sepa';
import { fromMollieAmount, toMollieAmount } from '../providers/mollie-amount';
import { type CheckResult, errorText, notAsExpected, ok, skipped } from './check-result';
import type { WebhookListener } from './webhook-listener';

export interface MollieCheckContext {
  client: MollieClient;
  /** where Mollie's test checkout sends the browser back to (any page; the product's PUBLIC_URL by default) */
  redirectUrl: string;
  /** the public URL that leads to `listener` (VERIFY_WEBHOOK_URL); without both, the webhook checks are skipped */
  webhookUrl?: string | undefined;
  listener?: WebhookListener | undefined;
  /** how long a webhook check waits for Mollie's call */
  webhookWaitMs: number;
  /** progress lines a person should read while a check waits (instructions) */
  say: (line: string) => void;
  /** each result as soon as it is known (the script prints it before the next check waits) */
  onResult?: ((result: CheckResult) => void) | undefined;
}

/** The payment ids of earlier runs, completed by a person since (the script's --…-payment options). */
export interface MolliePaymentIds {
  refund?: string | undefined;
  chargeback?: string | undefined;
  paysafecard?: string | undefined;
  paypal?: string | undefined;
}

/** What each check asks Mollie, as the script lists it when no key is set. */
export const MOLLIE_CHECKS: readonly { check: string; what: string }[] = [
  {
    check: 'mollie.mandate-status',
    what: 'a SEPA direct-debit mandate made through the API (as /directdebit makes it) is valid at once',
  },
  {
    check: 'mollie.sepa-collection-date',
    what: `a recurring direct debit on that mandate is collected on the date the pre-notification promises (${RULES.directDebit.debitAfterBusinessDays} TARGET2 business days later)`,
  },
  {
    check: 'mollie.refund-webhook',
    what: 'Mollie calls the webhook when a paid payment is refunded (needs VERIFY_WEBHOOK_URL and one test checkout)',
  },
  {
    check: 'mollie.chargeback-webhook',
    what: 'Mollie calls the webhook when a paid payment is charged back (needs VERIFY_WEBHOOK_URL, one test checkout and a chargeback made by hand)',
  },
  {
    check: 'mollie.paysafecard-refund',
    what: 'paysafecard is active and a paid paysafecard payment can be refunded through the API (one test checkout)',
  },
  {
    check: 'mollie.paypal-recurring',
    what: 'a PayPal first payment leaves a valid PayPal mandate that takes a recurring payment (repeat orders; one test checkout)',
  },
];

const TEST_AMOUNT = toMollieAmount(100, 'EUR');
/** Mollie's documented test IBAN (any valid IBAN is accepted in test mode; nothing is debited). */
export const TEST_IBAN = 'NL55INGB0000000000';

/** A field of a payment's method details (SEPA: dueDate), read without trusting its shape. */
function detail(payment: Payment, key: string): unknown {
  const details: unknown = Reflect.get(payment, 'details');
  return typeof details === 'object' && details !== null ? Reflect.get(details, key) : undefined;
}

function link(payment: Payment, name: 'checkout' | 'changePaymentState' | 'dashboard'): string | undefined {
  const links: unknown = Reflect.get(payment, '_links');
  const target = typeof links === 'object' && links !== null ? Reflect.get(links, name) : undefined;
  const href = typeof target === 'object' && target !== null ? Reflect.get(target, 'href') : undefined;
  return typeof href === 'string' ? href : undefined;
}

function minorOf(amount: unknown): number {
  if (amount === undefined || amount === null) return 0;
  return fromMollieAmount(amount).amountMinor;
}

/** TARGET2 business days from `a` to `b` (YYYY-MM-DD; negative when b is earlier). */
export function businessDaysBetween(a: string, b: string): number {
  const from = Date.parse(`${a}T00:00:00Z`);
  const to = Date.parse(`${b}T00:00:00Z`);
  const step = to >= from ? 86_400_000 : -86_400_000;
  let count = 0;
  for (let t = from; t !== to; t += step) {
    if (isTargetBusinessDay(new Date(t + step))) count += step > 0 ? 1 : -1;
  }
  return count;
}

const today = (): string => new Date().toISOString().slice(0, 10);

/**
 * `mollie.mandate-status` and `mollie.sepa-collection-date`: makes a customer and a direct-debit mandate as the
 * direct-debit confirmation does, debits it once (a recurring test payment: no money moves) and compares Mollie's
 * `details.dueDate` with `debitDate(created, RULES.directDebit.debitAfterBusinessDays)`, the date the form and the
 * pre-notification mail name. The mandate is revoked afterwards.
 */
export async function checkMandateAndCollectionDate(ctx: MollieCheckContext): Promise<CheckResult[]> {
  const MANDATE = 'mollie.mandate-status';
  const DATE = 'mollie.sepa-collection-date';
  let customerId: string;
  let mandateId: string;
  let status: string;
  try {
    const customer = await ctx.client.customers.create({
      name: 'Amora live check',
      metadata: { purpose: 'verify-providers' },
    });
    customerId = customer.id;
    const mandate = await ctx.client.customerMandates.create({
      customerId,
      method: MandateMethod.directdebit,
      consumerName: 'Amora Live Check',
      consumerAccount: TEST_IBAN,
      signatureDate: today(),
      mandateReference: `VERIFY-${Date.now().toString(36).toUpperCase()}`,
    });
    mandateId = mandate.id;
    status = mandate.status;
  } catch (error) {
    return [
      notAsExpected(
        MANDATE,
        `Mollie refused to make a direct-debit mandate through the API (${errorText(error)}): /directdebit cannot work`,
        'ask Mollie to activate SEPA Direct Debit (and mandates through the API) on the website profile',
      ),
      skipped(DATE, 'no mandate to debit (see mollie.mandate-status)'),
    ];
  }

  const results: CheckResult[] = [];
  if (status === 'valid') {
    results.push(
      ok(MANDATE, `mandate ${mandateId} made through the API is "valid" at once, as the product assumes`),
    );
  } else {
    results.push(
      notAsExpected(
        MANDATE,
        `mandate ${mandateId} made through the API is "${status}", not "valid": the debit that the confirmation creates on it at once may be refused`,
      ),
    );
  }

  try {
    if (status !== 'valid') {
      results.push(skipped(DATE, `the mandate is "${status}"; no debit was tried`));
      return results;
    }
    const created = await ctx.client.payments.create({
      amount: TEST_AMOUNT,
      description: 'Amora live check: SEPA collection date',
      sequenceType: SequenceType.recurring,
      customerId,
      mandateId,
      ...(ctx.webhookUrl ? { webhookUrl: ctx.webhookUrl } : {}),
      metadata: { purpose: 'verify-providers' },
    });
    const payment = await ctx.client.payments.get(created.id);
    const promised = debitDate(new Date(payment.createdAt), RULES.directDebit.debitAfterBusinessDays);
    const due = detail(payment, 'dueDate');
    if (typeof due !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(due)) {
      results.push(
        notAsExpected(
          DATE,
          `debit ${payment.id} (${payment.status}) has no details.dueDate: the collection date cannot be compared with the promised ${promised}`,
        ),
      );
    } else if (due === promised) {
      results.push(
        ok(DATE, `debit ${payment.id}: Mollie collects on ${due}, the date the pre-notification promises`),
      );
    } else {
      const days = businessDaysBetween(promised, due);
      results.push(
        notAsExpected(
          DATE,
          days < 0 || due < promised
            ? `debit ${payment.id}: Mollie collects on ${due}, before the promised ${promised}: the pre-notification would arrive too late`
            : `debit ${payment.id}: Mollie collects on ${due}, ${days} business day(s) after the promised ${promised}: the form and the mail name the wrong day`,
          'set RULES.directDebit.debitAfterBusinessDays (src/shared/rules.ts) to what Mollie does, or ask Mollie',
        ),
      );
    }
  } catch (error) {
    results.push(
      notAsExpected(DATE, `Mollie refused a recurring debit on a valid mandate (${errorText(error)})`),
    );
  } finally {
    try {
      await ctx.client.customerMandates.revoke(mandateId, { customerId });
    } catch (error) {
      ctx.say(`  (could not revoke test mandate ${mandateId} of ${customerId}: ${errorText(error)})`);
    }
  }
  return results;
}

/** Creates the payment a person completes on Mollie's test checkout page; the result says what to do next. */
async function startPayment(
  ctx: MollieCheckContext,
  check: string,
  option: string,
  params: { method?: PaymentMethod; customerId?: string; description: string; withWebhook: boolean },
): Promise<CheckResult> {
  try {
    const payment = await ctx.client.payments.create({
      amount: TEST_AMOUNT,
      description: params.description,
      redirectUrl: ctx.redirectUrl,
      ...(params.withWebhook && ctx.webhookUrl ? { webhookUrl: ctx.webhookUrl } : {}),
      ...(params.method ? { method: params.method } : {}),
      ...(params.customerId ? { customerId: params.customerId, sequenceType: SequenceType.first } : {}),
      metadata: { purpose: 'verify-providers' },
    });
    const checkout = link(payment, 'checkout') ?? '(no checkout link: open the payment in the dashboard)';
    return skipped(
      check,
      `payment ${payment.id} created; a person has to pay it first`,
      `open ${checkout}, choose "Paid", then run again with ${option}=${payment.id}`,
    );
  } catch (error) {
    return notAsExpected(check, `Mollie refused the payment (${errorText(error)})`);
  }
}

/** The payment of an earlier run, if it is paid; otherwise the result that says why the check cannot go on. */
async function paidPayment(
  ctx: MollieCheckContext,
  check: string,
  option: string,
  id: string,
): Promise<Payment | CheckResult> {
  let payment: Payment;
  try {
    payment = await ctx.client.payments.get(id);
  } catch (error) {
    return skipped(
      check,
      `payment ${id} could not be read (${errorText(error)})`,
      `run again without ${option}`,
    );
  }
  if (payment.status === 'paid') return payment;
  if (payment.status === 'open' || payment.status === 'pending' || payment.status === 'authorized') {
    const checkout = link(payment, 'checkout');
    return skipped(
      check,
      `payment ${id} is still ${payment.status}`,
      checkout ? `open ${checkout}, choose "Paid", then run again` : 'wait until it is paid, then run again',
    );
  }
  return skipped(
    check,
    `payment ${id} is ${payment.status}`,
    `run again without ${option} for a new payment`,
  );
}

const isResult = (value: Payment | CheckResult): value is CheckResult => 'check' in value;

function webhookSetUp(ctx: MollieCheckContext, check: string): CheckResult | undefined {
  if (ctx.webhookUrl && ctx.listener) return undefined;
  return skipped(
    check,
    'VERIFY_WEBHOOK_URL is not set: Mollie needs a public URL that leads to this script',
    'run a tunnel to VERIFY_WEBHOOK_PORT and set VERIFY_WEBHOOK_URL to its https address',
  );
}

const seconds = (ms: number): string => `${Math.round(ms / 1000)} s`;

/** `mollie.refund-webhook`: refunds a paid test payment through the API and waits for Mollie's webhook call. */
export async function checkRefundWebhook(ctx: MollieCheckContext, paymentId?: string): Promise<CheckResult> {
  const CHECK = 'mollie.refund-webhook';
  const missing = webhookSetUp(ctx, CHECK);
  if (missing || !ctx.listener) return missing ?? skipped(CHECK, 'no webhook listener');
  if (!paymentId) {
    return startPayment(ctx, CHECK, '--refund-payment', {
      description: 'Amora live check: refund webhook',
      withWebhook: true,
    });
  }
  const payment = await paidPayment(ctx, CHECK, '--refund-payment', paymentId);
  if (isResult(payment)) return payment;
  const remaining = payment.amountRemaining
    ? minorOf(payment.amountRemaining)
    : minorOf(payment.amount) - minorOf(payment.amountRefunded);
  if (remaining <= 0)
    return skipped(CHECK, `payment ${paymentId} is refunded already`, 'run again without --refund-payment');
  let refundId: string;
  try {
    const refund = await ctx.client.paymentRefunds.create({
      paymentId,
      amount: toMollieAmount(remaining, payment.amount.currency),
      description: 'Amora live check: refund webhook',
    });
    refundId = refund.id;
  } catch (error) {
    return notAsExpected(CHECK, `Mollie refused the refund of ${paymentId} (${errorText(error)})`);
  }
  ctx.say(
    `  refund ${refundId} of ${paymentId} created; waiting up to ${seconds(ctx.webhookWaitMs)} for the webhook`,
  );
  const seen = await ctx.listener.waitFor(paymentId, ctx.webhookWaitMs);
  return seen
    ? ok(CHECK, `Mollie called the webhook for ${paymentId} after refund ${refundId}`)
    : notAsExpected(
        CHECK,
        `no webhook for ${paymentId} within ${seconds(ctx.webhookWaitMs)} of refund ${refundId}: a refund is then seen only by the re-check job`,
        'run again with a longer VERIFY_WEBHOOK_WAIT_SECONDS (refunds may be queued), or make sure the re-check job covers refunds',
      );
}

/**
 * `mollie.chargeback-webhook`: a paid test payment is charged back by hand (its state page, the payment's
 * `changePaymentState` link, or the dashboard) while the check waits for Mollie's webhook call; then the payment must
 * show `amountChargedBack`.
 */
export async function checkChargebackWebhook(
  ctx: MollieCheckContext,
  paymentId?: string,
): Promise<CheckResult> {
  const CHECK = 'mollie.chargeback-webhook';
  const missing = webhookSetUp(ctx, CHECK);
  if (missing || !ctx.listener) return missing ?? skipped(CHECK, 'no webhook listener');
  if (!paymentId) {
    return startPayment(ctx, CHECK, '--chargeback-payment', {
      description: 'Amora live check: chargeback webhook',
      withWebhook: true,
    });
  }
  const payment = await paidPayment(ctx, CHECK, '--chargeback-payment', paymentId);
  if (isResult(payment)) return payment;
  if (minorOf(payment.amountChargedBack) > 0) {
    return skipped(
      CHECK,
      `payment ${paymentId} was charged back before this run: its webhook could not be watched`,
      'run again without --chargeback-payment for a new payment',
    );
  }
  const where = link(payment, 'changePaymentState') ?? link(payment, 'dashboard') ?? "Mollie's dashboard";
  ctx.say(`  now create a chargeback for ${paymentId} at ${where}`);
  ctx.say(`  waiting up to ${seconds(ctx.webhookWaitMs)} for Mollie's webhook`);
  const seen = await ctx.listener.waitFor(paymentId, ctx.webhookWaitMs);
  let chargedBack = 0;
  try {
    chargedBack = minorOf((await ctx.client.payments.get(paymentId)).amountChargedBack);
  } catch (error) {
    return notAsExpected(CHECK, `payment ${paymentId} could not be read again (${errorText(error)})`);
  }
  if (seen && chargedBack > 0) {
    return ok(CHECK, `Mollie called the webhook for ${paymentId} and the payment shows the chargeback`);
  }
  if (chargedBack > 0) {
    return notAsExpected(
      CHECK,
      `${paymentId} was charged back but no webhook came within ${seconds(ctx.webhookWaitMs)}: chargebacks are then seen only by the re-check job`,
      'make sure the re-check job looks for chargebacks (issue 26 point 3)',
    );
  }
  if (seen) {
    return notAsExpected(
      CHECK,
      `Mollie called the webhook for ${paymentId}, but the payment shows no chargeback`,
    );
  }
  return skipped(
    CHECK,
    `no chargeback was made on ${paymentId} within ${seconds(ctx.webhookWaitMs)}`,
    `run again with --chargeback-payment=${paymentId} and create the chargeback while it waits`,
  );
}

/** `mollie.paysafecard-refund`: paysafecard is active, and a paid paysafecard payment can be refunded. */
export async function checkPaysafecardRefund(
  ctx: MollieCheckContext,
  paymentId?: string,
): Promise<CheckResult> {
  const CHECK = 'mollie.paysafecard-refund';
  if (!paymentId) {
    return startPayment(ctx, CHECK, '--paysafecard-payment', {
      method: PaymentMethod.paysafecard,
      description: 'Amora live check: paysafecard refund',
      withWebhook: false,
    });
  }
  const payment = await paidPayment(ctx, CHECK, '--paysafecard-payment', paymentId);
  if (isResult(payment)) return payment;
  if (payment.method !== PaymentMethod.paysafecard) {
    return skipped(CHECK, `payment ${paymentId} was paid with ${String(payment.method)}, not paysafecard`);
  }
  try {
    const refund = await ctx.client.paymentRefunds.create({
      paymentId,
      amount: payment.amount,
      description: 'Amora live check: paysafecard refund',
    });
    return ok(
      CHECK,
      `Mollie accepted refund ${refund.id} of paysafecard payment ${paymentId} (${refund.status})`,
    );
  } catch (error) {
    return notAsExpected(
      CHECK,
      `Mollie refused to refund paysafecard payment ${paymentId} (${errorText(error)})`,
      "paysafecard refunds then need another way (say so in the operators' refund procedure)",
    );
  }
}

/**
 * `mollie.paypal-recurring`: a PayPal first payment (as checkout makes it for repeat orders) is accepted, leaves a
 * valid PayPal mandate once paid, and a recurring payment on that mandate is accepted.
 */
export async function checkPaypalRecurring(
  ctx: MollieCheckContext,
  paymentId?: string,
): Promise<CheckResult> {
  const CHECK = 'mollie.paypal-recurring';
  if (!paymentId) {
    let customerId: string;
    try {
      customerId = (
        await ctx.client.customers.create({
          name: 'Amora live check',
          metadata: { purpose: 'verify-providers' },
        })
      ).id;
    } catch (error) {
      return notAsExpected(CHECK, `Mollie refused to make a customer (${errorText(error)})`);
    }
    return startPayment(ctx, CHECK, '--paypal-payment', {
      method: PaymentMethod.paypal,
      customerId,
      description: 'Amora live check: PayPal first payment',
      withWebhook: false,
    });
  }
  const payment = await paidPayment(ctx, CHECK, '--paypal-payment', paymentId);
  if (isResult(payment)) return payment;
  const customerId = payment.customerId;
  if (!customerId || payment.sequenceType !== SequenceType.first) {
    return skipped(
      CHECK,
      `payment ${paymentId} is not a first payment of a customer`,
      'run again without --paypal-payment',
    );
  }
  try {
    const mandates = await ctx.client.customerMandates.page({ customerId, limit: 250 });
    const mandate =
      mandates.find((m) => m.id === payment.mandateId && m.status === 'valid') ??
      mandates.find((m) => m.method === MandateMethod.paypal && m.status === 'valid');
    if (!mandate) {
      return notAsExpected(
        CHECK,
        `paid PayPal first payment ${paymentId} left no valid mandate (${mandates.length} mandate(s) of the customer): PayPal repeat orders would fail`,
        'ask Mollie to enable PayPal recurring payments (reference transactions) on the profile',
      );
    }
    const recurring = await ctx.client.payments.create({
      amount: TEST_AMOUNT,
      description: 'Amora live check: PayPal recurring',
      sequenceType: SequenceType.recurring,
      customerId,
      mandateId: mandate.id,
      metadata: { purpose: 'verify-providers' },
    });
    return ok(
      CHECK,
      `PayPal mandate ${mandate.id} is valid and took recurring payment ${recurring.id} (${recurring.status})`,
    );
  } catch (error) {
    return notAsExpected(CHECK, `a recurring PayPal payment failed (${errorText(error)})`);
  }
}

/** Runs every Mollie check in order (the mandate first: it needs no person). */
export async function runMollieChecks(
  ctx: MollieCheckContext,
  ids: MolliePaymentIds,
): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  const report = (found: CheckResult[]): void => {
    for (const result of found) {
      results.push(result);
      ctx.onResult?.(result);
    }
  };
  report(await checkMandateAndCollectionDate(ctx));
  report([await checkRefundWebhook(ctx, ids.refund)]);
  report([await checkChargebackWebhook(ctx, ids.chargeback)]);
  report([await checkPaysafecardRefund(ctx, ids.paysafecard)]);
  report([await checkPaypalRecurring(ctx, ids.paypal)]);
  return results;
}

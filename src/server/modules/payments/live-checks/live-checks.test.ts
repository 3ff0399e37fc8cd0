import { createMollieClient } from '@mollie/api-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { verifyProviders } from '../../../../../scripts/verify-providers';
import { RULES } from '../../../../shared/rules';
import { debitDate } from '../../../../shared/sepa';
import { startTwilioFake, type TwilioFake } from '../../../lib/sms/twilio-fake';
import { allowFakeCertificate, type MollieFake, startMollieFake } from '../providers/mollie-fake';
import type { CheckResult } from './check-result';
import { type FakeProxy, type ProxiedRequest, startFakeProxy } from './fake-proxy';
import {
  checkChargebackWebhook,
  checkMandateAndCollectionDate,
  checkPaypalRecurring,
  checkPaysafecardRefund,
  checkRefundWebhook,
  type MollieCheckContext,
} from './mollie-checks';
import { checkErrorCodes, checkTestSms, createCheckClient, MAGIC_REFUSALS } from './twilio-checks';
import { startWebhookListener, type WebhookListener } from './webhook-listener';

/**
 * The live checks (scripts/verify-providers.ts) against the project's Mollie and Twilio fakes, through a proxy that
 * can make them answer what Mollie or Twilio might answer instead, so each check is seen to report OK and NOT AS
 * EXPECTED correctly.
 */
let restoreTls: () => void;
let mollie: MollieFake;
let mollieProxy: FakeProxy;
let twilioFake: TwilioFake;
let twilioProxy: FakeProxy;
let listener: WebhookListener;
let said: string[];

beforeAll(async () => {
  restoreTls = allowFakeCertificate();
  mollie = await startMollieFake();
  mollieProxy = await startFakeProxy(new URL(mollie.url).origin, true);
  twilioFake = await startTwilioFake();
  twilioProxy = await startFakeProxy(twilioFake.url, false);
  twilioProxy.intercept = twilioMagicNumbers;
  listener = await startWebhookListener();
});
afterAll(async () => {
  await listener?.close();
  await mollieProxy?.close();
  await mollie?.close();
  await twilioProxy?.close();
  await twilioFake?.close();
  restoreTls?.();
});
afterEach(() => {
  mollieProxy.intercept = undefined;
  mollieProxy.rewrite = undefined;
});

function context(overrides: Partial<MollieCheckContext> = {}): MollieCheckContext {
  said = [];
  return {
    client: createMollieClient({ apiKey: mollie.apiKey, apiEndpoint: `${mollieProxy.origin}/v2/` }),
    redirectUrl: 'https://amora.test/return',
    webhookUrl: listener.localUrl,
    listener,
    webhookWaitMs: 400,
    say: (line) => said.push(line),
    ...overrides,
  };
}

/** The payment id a first run created (from its next step). */
function createdId(result: CheckResult): string {
  const id = result.next?.match(/=(tr_\w+)/)?.[1];
  if (!id) throw new Error(`no payment id in ${JSON.stringify(result)}`);
  return id;
}

/** Calls `then` once a request matching `match` reaches the Mollie fake. */
function whenRequested(
  match: (r: { method: string; path: string }) => boolean,
  then: () => void,
): () => void {
  const from = mollie.requests.length;
  const timer = setInterval(() => {
    if (mollie.requests.slice(from).some(match)) {
      clearInterval(timer);
      then();
    }
  }, 10);
  return () => clearInterval(timer);
}

const mollieError = (status: number, detail: string) => ({
  status,
  title: status === 422 ? 'Unprocessable Entity' : 'Error',
  detail,
  _links: { documentation: { href: 'https://docs.mollie.com/overview/handling-errors', type: 'text/html' } },
});

/** Twilio's magic test numbers as its test credentials answer them (the project's fake has no such numbers). */
function twilioMagicNumbers(req: ProxiedRequest) {
  const form = new URLSearchParams(req.body);
  const magic = MAGIC_REFUSALS.find((m) => m.to === form.get('To') && m.from === form.get('From'));
  if (!magic) return undefined;
  return {
    status: 400,
    body: {
      code: magic.code,
      message: magic.meaning,
      more_info: `https://www.twilio.com/docs/errors/${magic.code}`,
      status: 400,
    },
  };
}

/** A payment the dueDate rewrite sets: Mollie's SEPA details with the given date. */
function withDueDate(due: (promised: string) => string) {
  return (req: ProxiedRequest, answer: { status: number; body: unknown }) => {
    const body = answer.body as Record<string, unknown>;
    if (req.method === 'GET' && req.path.startsWith('/v2/payments/') && body.method === 'directdebit') {
      const promised = debitDate(new Date(String(body.createdAt)), RULES.directDebit.debitAfterBusinessDays);
      return { ...answer, body: { ...body, details: { dueDate: due(promised) } } };
    }
    return answer;
  };
}

const plusDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe('mollie.mandate-status and mollie.sepa-collection-date', () => {
  it('OK when the API mandate is valid and Mollie collects on the promised date; the mandate is revoked after', async () => {
    mollieProxy.rewrite = withDueDate((promised) => promised);
    const from = mollie.requests.length;
    const [mandate, date] = await checkMandateAndCollectionDate(context());
    expect(mandate).toMatchObject({ check: 'mollie.mandate-status', status: 'ok' });
    expect(date).toMatchObject({ check: 'mollie.sepa-collection-date', status: 'ok' });
    const made = mollie.requests.slice(from);
    expect(made.some((r) => r.method === 'POST' && /\/mandates$/.test(r.path))).toBe(true);
    expect(
      made.some(
        (r) =>
          r.method === 'POST' &&
          r.path === '/v2/payments' &&
          (r.body as { sequenceType?: string }).sequenceType === 'recurring',
      ),
    ).toBe(true);
    expect(made.some((r) => r.method === 'DELETE' && /\/mandates\/mdt_/.test(r.path))).toBe(true);
  });

  it('NOT AS EXPECTED when Mollie collects later or earlier than the pre-notification says, or names no date', async () => {
    mollieProxy.rewrite = withDueDate((promised) => plusDays(promised, 7));
    const [, later] = await checkMandateAndCollectionDate(context());
    expect(later).toMatchObject({ status: 'not_as_expected' });
    expect(later?.saw).toMatch(/business day\(s\) after the promised/);

    mollieProxy.rewrite = withDueDate((promised) => plusDays(promised, -7));
    const [, earlier] = await checkMandateAndCollectionDate(context());
    expect(earlier).toMatchObject({ status: 'not_as_expected' });
    expect(earlier?.saw).toMatch(/before the promised/);

    // The fake itself answers no details.dueDate.
    mollieProxy.rewrite = undefined;
    const [, none] = await checkMandateAndCollectionDate(context());
    expect(none).toMatchObject({ status: 'not_as_expected' });
    expect(none?.saw).toMatch(/no details\.dueDate/);
  });

  it('NOT AS EXPECTED when the mandate is pending, and when Mollie refuses to make it', async () => {
    mollieProxy.rewrite = (req, answer) =>
      req.method === 'POST' && /\/mandates$/.test(req.path)
        ? { ...answer, body: { ...(answer.body as object), status: 'pending' } }
        : answer;
    const [pending, notTried] = await checkMandateAndCollectionDate(context());
    expect(pending).toMatchObject({ status: 'not_as_expected' });
    expect(pending?.saw).toMatch(/"pending", not "valid"/);
    expect(notTried).toMatchObject({ status: 'skipped' });

    mollieProxy.rewrite = undefined;
    mollieProxy.intercept = (req) =>
      req.method === 'POST' && /\/mandates$/.test(req.path)
        ? { status: 422, body: mollieError(422, 'The payment method is not enabled in your website profile') }
        : undefined;
    const [refused, skippedDate] = await checkMandateAndCollectionDate(context());
    expect(refused).toMatchObject({ status: 'not_as_expected' });
    expect(refused?.saw).toMatch(/422.*not enabled/);
    expect(skippedDate).toMatchObject({ status: 'skipped' });
  });
});

describe('mollie.refund-webhook', () => {
  it('SKIPPED without a webhook URL', async () => {
    const result = await checkRefundWebhook(context({ webhookUrl: undefined, listener: undefined }));
    expect(result).toMatchObject({ status: 'skipped' });
    expect(result.saw).toMatch(/VERIFY_WEBHOOK_URL/);
  });

  it('first run: a payment to complete by hand; then OK when Mollie calls the webhook after the refund', async () => {
    const first = await checkRefundWebhook(context());
    expect(first).toMatchObject({ status: 'skipped' });
    expect(first.next).toMatch(/open https:\/\/.*checkout.*--refund-payment=tr_/);
    const id = createdId(first);
    expect(mollie.payment(id)?.webhookUrl).toBe(listener.localUrl);

    expect(await checkRefundWebhook(context(), id)).toMatchObject({
      status: 'skipped',
      saw: expect.stringMatching(/still open/),
    });

    mollie.setStatus(id, 'paid');
    const stop = whenRequested(
      (r) => r.method === 'POST' && r.path === `/v2/payments/${id}/refunds`,
      () => void mollie.sendWebhook(id),
    );
    const result = await checkRefundWebhook(context({ webhookWaitMs: 5_000 }), id);
    stop();
    expect(result).toMatchObject({ status: 'ok' });
    expect(mollie.payment(id)?.amountRemaining).toEqual({ currency: 'EUR', value: '0.00' });
  });

  it('NOT AS EXPECTED when no webhook comes after the refund', async () => {
    const id = createdId(await checkRefundWebhook(context()));
    mollie.setStatus(id, 'paid');
    const result = await checkRefundWebhook(context(), id);
    expect(result).toMatchObject({ status: 'not_as_expected' });
    expect(result.saw).toMatch(/no webhook/);
  });
});

describe('mollie.chargeback-webhook', () => {
  const chargeBack = (id: string) =>
    mollie.setStatus(id, 'paid', { amountChargedBack: { currency: 'EUR', value: '1.00' } });
  /**
   * A context whose prompt to create the chargeback is answered as a person would: `act` runs when it is said (a
   * timer instead raced the check's first read of the payment on a loaded machine).
   */
  const whenPrompted = (act: () => void, overrides: Partial<MollieCheckContext> = {}) =>
    context({
      ...overrides,
      say: (line) => {
        said.push(line);
        if (line.includes('now create a chargeback')) act();
      },
    });

  it('OK when the chargeback made while it waits comes with a webhook', async () => {
    const id = createdId(await checkChargebackWebhook(context()));
    mollie.setStatus(id, 'paid');
    const ctx = whenPrompted(
      () => {
        chargeBack(id);
        void mollie.sendWebhook(id);
      },
      { webhookWaitMs: 5_000 },
    );
    expect(await checkChargebackWebhook(ctx, id)).toMatchObject({ status: 'ok' });
    expect(said.join('\n')).toMatch(new RegExp(`create a chargeback for ${id}`));
  });

  it('NOT AS EXPECTED when the payment is charged back without a webhook; SKIPPED when nobody charged it back', async () => {
    const id = createdId(await checkChargebackWebhook(context()));
    mollie.setStatus(id, 'paid');
    const silent = await checkChargebackWebhook(
      whenPrompted(() => chargeBack(id)),
      id,
    );
    expect(silent).toMatchObject({ status: 'not_as_expected' });
    expect(silent.saw).toMatch(/no webhook came/);

    const other = createdId(await checkChargebackWebhook(context()));
    mollie.setStatus(other, 'paid');
    expect(await checkChargebackWebhook(context(), other)).toMatchObject({ status: 'skipped' });
    // Charged back before the run: the webhook could not be watched.
    expect(await checkChargebackWebhook(context(), id)).toMatchObject({
      status: 'skipped',
      saw: expect.stringMatching(/before this run/),
    });
  });
});

describe('mollie.paysafecard-refund', () => {
  it('OK when a paid paysafecard payment is refunded', async () => {
    const first = await checkPaysafecardRefund(context());
    const id = createdId(first);
    expect(mollie.payment(id)?.method).toBe('paysafecard');
    mollie.setStatus(id, 'paid');
    const result = await checkPaysafecardRefund(context(), id);
    expect(result).toMatchObject({ status: 'ok' });
    expect(result.saw).toMatch(/re_\w+/);
  });

  it('NOT AS EXPECTED when Mollie refuses the refund, or paysafecard itself', async () => {
    const id = createdId(await checkPaysafecardRefund(context()));
    mollie.setStatus(id, 'paid');
    mollieProxy.intercept = (req) =>
      req.method === 'POST' && req.path.endsWith('/refunds')
        ? { status: 422, body: mollieError(422, 'Refunds are not supported for this payment method') }
        : undefined;
    const refused = await checkPaysafecardRefund(context(), id);
    expect(refused).toMatchObject({ status: 'not_as_expected' });
    expect(refused.saw).toMatch(/not supported/);

    mollieProxy.intercept = (req) =>
      req.method === 'POST' && req.path === '/v2/payments'
        ? { status: 422, body: mollieError(422, 'The payment method is not active in your website profile') }
        : undefined;
    expect(await checkPaysafecardRefund(context())).toMatchObject({ status: 'not_as_expected' });
  });
});

describe('mollie.paypal-recurring', () => {
  it('OK when the paid first payment leaves a valid PayPal mandate that takes a recurring payment', async () => {
    const first = await checkPaypalRecurring(context());
    const id = createdId(first);
    expect(mollie.payment(id)).toMatchObject({ method: 'paypal', sequenceType: 'first' });
    mollie.setStatus(id, 'paid');
    const from = mollie.requests.length;
    const result = await checkPaypalRecurring(context(), id);
    expect(result).toMatchObject({ status: 'ok' });
    expect(
      mollie.requests
        .slice(from)
        .some(
          (r) => r.method === 'POST' && (r.body as { sequenceType?: string }).sequenceType === 'recurring',
        ),
    ).toBe(true);
  });

  it('NOT AS EXPECTED when no valid mandate is left', async () => {
    const id = createdId(await checkPaypalRecurring(context()));
    mollie.setStatus(id, 'paid');
    mollieProxy.rewrite = (req, answer) =>
      req.method === 'GET' && req.path.endsWith('/mandates')
        ? { ...answer, body: { ...(answer.body as object), count: 0, _embedded: { mandates: [] } } }
        : answer;
    const result = await checkPaypalRecurring(context(), id);
    expect(result).toMatchObject({ status: 'not_as_expected' });
    expect(result.saw).toMatch(/no valid mandate/);
  });
});

describe('Twilio checks', () => {
  it('OK: the test SMS is queued and the magic numbers answer their documented errors', async () => {
    const client = createCheckClient(twilioFake.accountSid, twilioFake.authToken, twilioProxy.origin);
    expect(await checkTestSms(client, '+31612345678')).toMatchObject({ status: 'ok' });
    expect(await checkErrorCodes(client)).toMatchObject({ status: 'ok' });
  });

  it('NOT AS EXPECTED: wrong credentials, and numbers that do not answer their error', async () => {
    const wrong = createCheckClient(twilioFake.accountSid, 'f'.repeat(32), twilioProxy.origin);
    const refused = await checkTestSms(wrong, '+31612345678');
    expect(refused).toMatchObject({ status: 'not_as_expected' });
    expect(refused.saw).toMatch(/20003/);
    expect(refused.next).toMatch(/TWILIO_AUTH_TOKEN/);

    // The project's fake without the magic numbers accepts them all.
    const plain = createCheckClient(twilioFake.accountSid, twilioFake.authToken, twilioFake.url);
    const codes = await checkErrorCodes(plain);
    expect(codes).toMatchObject({ status: 'not_as_expected' });
    expect(codes.saw).toMatch(/\+15005550003 was accepted .*expected error 21408/);
  });
});

describe('npm run payments:verify', () => {
  it('without credentials: says what it would check and exits 0', async () => {
    const lines: string[] = [];
    expect(await verifyProviders([], {}, (l) => lines.push(l))).toBe(0);
    const text = lines.join('\n');
    for (const check of [
      'mollie.mandate-status',
      'mollie.paypal-recurring',
      'twilio.test-sms',
      'twilio.geo-permissions',
    ]) {
      expect(text).toContain(check);
    }
  });

  it('refuses a live key and a malformed payment id', async () => {
    expect(await verifyProviders([], { MOLLIE_API_KEY: 'live_abc' }, () => {})).toBe(2);
    expect(await verifyProviders(['--paypal-payment=42'], {}, () => {})).toBe(2);
  });

  it('exits 0 when every check that ran is OK, 1 when one is not as expected', async () => {
    const env = {
      MOLLIE_API_KEY: mollie.apiKey,
      MOLLIE_API_ENDPOINT: `${mollieProxy.origin}/v2/`,
      TWILIO_ACCOUNT_SID: twilioFake.accountSid,
      TWILIO_AUTH_TOKEN: twilioFake.authToken,
      VERIFY_TWILIO_BASE_URL: twilioProxy.origin,
    };
    mollieProxy.rewrite = withDueDate((promised) => promised);
    const lines: string[] = [];
    expect(await verifyProviders([], env, (l) => lines.push(l))).toBe(0);
    const text = lines.join('\n');
    expect(text).toMatch(/^OK {2}mollie\.sepa-collection-date/m);
    expect(text).toMatch(/^SKIPPED {2}mollie\.paypal-recurring: payment tr_\w+ created/m);
    expect(text).toMatch(/^OK {2}twilio\.error-codes/m);

    mollieProxy.rewrite = withDueDate((promised) => plusDays(promised, 7));
    const failed: string[] = [];
    expect(await verifyProviders([], env, (l) => failed.push(l))).toBe(1);
    expect(failed.join('\n')).toMatch(/^NOT AS EXPECTED {2}mollie\.sepa-collection-date/m);
  });
});

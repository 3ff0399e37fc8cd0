import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PaymentMethod } from '@mollie/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TABLE_PROVIDER_METHODS } from '../../../../shared/payment-methods';
import {
  allowFakeCertificate,
  type FakePaymentStatus,
  type MollieFake,
  startMollieFake,
} from './mollie-fake';
import { createMollieProvider, MOLLIE_METHODS } from './mollie-provider';
import {
  type CreatePaymentInput,
  type PaymentProvider,
  ProviderMethodInactiveError,
  ProviderNotFoundError,
  ProviderUnavailableError,
} from './provider';

let fake: MollieFake;
let provider: PaymentProvider;
let restoreTls: () => void;

beforeAll(async () => {
  restoreTls = allowFakeCertificate();
  fake = await startMollieFake();
  provider = createMollieProvider({ apiKey: fake.apiKey, apiEndpoint: fake.url, timeoutMs: 5_000 });
});

afterAll(async () => {
  await fake?.close();
  restoreTls?.();
});

function input(overrides: Partial<CreatePaymentInput> = {}): CreatePaymentInput {
  return {
    amountMinor: 1050,
    currency: 'EUR',
    description: 'Amora Premium, 1 month',
    redirectUrl: 'https://amora.example/transactions/42',
    webhookUrl: 'https://amora.example/api/payment-webhook.php',
    metadata: { transactionId: '42', memberId: '7' },
    ...overrides,
  };
}

function lastRequest() {
  const request = fake.requests.at(-1);
  if (!request) throw new Error('no request recorded');
  return request;
}

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Error) return error;
    throw new Error(`rejected with a non-Error: ${String(error)}`);
  }
  throw new Error('expected a rejection');
}

describe('the Mollie provider: identity', () => {
  it('is named mollie and offers only method ids Mollie documents', () => {
    expect(provider.name).toBe('mollie');
    const documented = new Set<string>(Object.values(PaymentMethod));
    for (const method of provider.supportedMethods) expect(documented.has(method), method).toBe(true);
    expect([...provider.supportedMethods].sort()).toEqual([...MOLLIE_METHODS].sort());
    // Every provider method of the method table (the spec's names) can be paid with Mollie.
    expect([...TABLE_PROVIDER_METHODS].filter((m) => !provider.supportedMethods.has(m))).toEqual([]);
    for (const notOffered of [
      'giropay',
      'sofort',
      'visa',
      'mastercard',
      'maestro',
      'postepay',
      'nexi',
      'sdd',
    ]) {
      expect(provider.supportedMethods.has(notOffered), notOffered).toBe(false);
    }
  });
});

describe('createPayment', () => {
  it('sends the amount as a Mollie string and maps the answer back', async () => {
    // As the callers pass them: the member's language (user.language) and the profile's country.
    const payment = await provider.createPayment(input({ method: 'ideal', locale: 'nl', country: 'NL' }));
    const request = lastRequest();
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v2/payments');
    expect(request.authorized).toBe(true);
    expect(request.idempotencyKey).toEqual(expect.any(String));
    expect(request.body).toEqual({
      amount: { currency: 'EUR', value: '10.50' },
      description: 'Amora Premium, 1 month',
      redirectUrl: 'https://amora.example/transactions/42',
      webhookUrl: 'https://amora.example/api/payment-webhook.php',
      metadata: { transactionId: '42', memberId: '7' },
      method: 'ideal',
      locale: 'nl_NL',
      sequenceType: 'oneoff',
    });

    expect(payment.id).toMatch(/^tr_\w{10}$/);
    expect(payment).toMatchObject({
      status: 'open',
      amountMinor: 1050,
      currency: 'EUR',
      method: 'ideal',
      metadata: { transactionId: '42', memberId: '7' },
      customerId: null,
      mandateId: null,
      sequenceType: 'oneoff',
      amountRefundedMinor: 0,
      amountChargedBackMinor: 0,
    });
    const links = fake.payment(payment.id)?._links;
    expect(payment.checkoutUrl).toBe((links as { checkout: { href: string } }).checkout.href);
    expect(payment.checkoutUrl).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/checkout\//);
  });

  it('converts other currencies exactly', async () => {
    const payment = await provider.createPayment(
      input({ amountMinor: 29, currency: 'CHF', method: 'twint' }),
    );
    expect(lastRequest().body).toMatchObject({ amount: { currency: 'CHF', value: '0.29' }, method: 'twint' });
    expect(payment).toMatchObject({ amountMinor: 29, currency: 'CHF', method: 'twint' });
  });

  it("sends the member's language in the member's country as Mollie's locale", async () => {
    const cases: [string, string | undefined, string][] = [
      ['nl', 'BE', 'nl_BE'],
      ['fr', 'BE', 'fr_BE'],
      ['de', 'AT', 'de_AT'],
      ['de', 'CH', 'de_CH'],
      ['de', 'DE', 'de_DE'],
      ['en', 'GB', 'en_GB'],
      ['en', 'NL', 'en_US'],
      ['da', 'DK', 'da_DK'],
      ['nb', 'NO', 'nb_NO'],
      ['sv', 'FI', 'sv_SE'],
      ['fi', 'FI', 'fi_FI'],
      ['pl', 'PL', 'pl_PL'],
      ['it', 'IT', 'it_IT'],
      ['es', 'ES', 'es_ES'],
      ['fr', undefined, 'fr_FR'],
    ];
    for (const [locale, country, expected] of cases) {
      await provider.createPayment(input({ method: 'creditcard', locale, country }));
      expect(lastRequest().body, `${locale} ${country}`).toMatchObject({ locale: expected });
    }
  });

  it('lets the member choose the method when none is given, and leaves out a locale Mollie does not know', async () => {
    const payment = await provider.createPayment(input({ locale: 'xx', country: 'NL' }));
    const body = lastRequest().body;
    expect(body).not.toHaveProperty('method');
    expect(body).not.toHaveProperty('locale');
    expect(payment.method).toBeNull();
  });

  it('refuses a method it does not offer without calling Mollie', async () => {
    const before = fake.requests.length;
    await expect(provider.createPayment(input({ method: 'giropay' }))).rejects.toThrow(
      /does not offer method/,
    );
    await expect(provider.createPayment(input({ method: 'visa' }))).rejects.toThrow(/does not offer method/);
    await expect(provider.createPayment(input({ amountMinor: 10.5 }))).rejects.toThrow(/invalid amount/);
    expect(fake.requests.length).toBe(before);
  });

  it("maps Mollie's 422 for a method that is not active to ProviderMethodInactiveError", async () => {
    fake.setActiveMethods(['creditcard', 'ideal']);
    try {
      const error = await rejection(provider.createPayment(input({ method: 'paysafecard' })));
      expect(error).toBeInstanceOf(ProviderMethodInactiveError);
      expect(error.message).toContain('not active');
      // Other 422s stay plain errors (a 500 to the member would be a bug of ours, not a method to choose again).
      const other = await rejection(provider.createPayment(input({ description: '' })));
      expect(other).not.toBeInstanceOf(ProviderMethodInactiveError);
      expect(other.message).toContain('[field: description]');
    } finally {
      fake.setActiveMethods([...MOLLIE_METHODS]);
    }
  });

  it('creates a first payment for a customer', async () => {
    const customer = await provider.createCustomer({
      name: 'Anna Test',
      email: 'anna@example.com',
      metadata: { memberId: '7' },
    });
    expect(customer.id).toMatch(/^cst_/);
    expect(lastRequest()).toMatchObject({
      method: 'POST',
      path: '/v2/customers',
      body: { name: 'Anna Test', email: 'anna@example.com', metadata: { memberId: '7' } },
    });

    const payment = await provider.createPayment(
      input({ method: 'creditcard', sequenceType: 'first', customerId: customer.id }),
    );
    expect(lastRequest().body).toMatchObject({
      sequenceType: 'first',
      customerId: customer.id,
      method: 'creditcard',
    });
    expect(payment).toMatchObject({
      status: 'open',
      sequenceType: 'first',
      customerId: customer.id,
      mandateId: null,
      method: 'creditcard',
    });
    expect(payment.checkoutUrl).not.toBeNull();
  });

  it('turns Mollie validation errors into plain errors with title, detail and field', async () => {
    const error = await rejection(
      provider.createPayment(input({ sequenceType: 'first', customerId: 'cst_doesnotexist' })),
    );
    expect(error).not.toBeInstanceOf(ProviderUnavailableError);
    expect(error).not.toBeInstanceOf(ProviderNotFoundError);
    expect(error.message).toContain('422 Unprocessable Entity');
    expect(error.message).toContain('The customer id is invalid');
    expect(error.message).toContain('customerId');
  });
});

describe('getPayment', () => {
  const statuses: FakePaymentStatus[] = [
    'open',
    'pending',
    'authorized',
    'paid',
    'failed',
    'canceled',
    'expired',
  ];

  it.each(statuses)('maps status %s', async (status) => {
    const created = await provider.createPayment(input());
    fake.setStatus(created.id, status, status === 'open' ? {} : { method: 'bancontact' });
    const payment = await provider.getPayment(created.id);
    expect(lastRequest()).toMatchObject({ method: 'GET', path: `/v2/payments/${created.id}` });
    expect(payment.status).toBe(status);
    expect(payment.id).toBe(created.id);
    expect(payment.amountMinor).toBe(1050);
    expect(payment.metadata).toEqual({ transactionId: '42', memberId: '7' });
    // The checkout page is linked only while the payment is open.
    expect(payment.checkoutUrl === null).toBe(status !== 'open');
    expect(payment.method).toBe(status === 'open' ? null : 'bancontact');
    // Mollie says when an open or pending payment expires (abandoned checkouts), and nothing once it ended.
    const expiresAt = fake.payment(created.id)?.expiresAt;
    if (status === 'open' || status === 'pending') {
      expect(typeof expiresAt).toBe('string');
      expect(payment.expiresAt?.getTime()).toBe(new Date(String(expiresAt)).getTime());
    } else expect(payment.expiresAt).toBeNull();
  });

  it('reads refunded and charged-back amounts (absent → 0)', async () => {
    const created = await provider.createPayment(input({ amountMinor: 2500, method: 'creditcard' }));
    expect(created.amountRefundedMinor).toBe(0);
    fake.setStatus(created.id, 'paid', {
      amountRefunded: { currency: 'EUR', value: '5.00' },
      amountChargedBack: { currency: 'EUR', value: '20.00' },
    });
    const payment = await provider.getPayment(created.id);
    expect(payment).toMatchObject({ status: 'paid', amountRefundedMinor: 500, amountChargedBackMinor: 2000 });
  });

  it('maps 404 to ProviderNotFoundError', async () => {
    await expect(provider.getPayment('tr_doesnotexist')).rejects.toBeInstanceOf(ProviderNotFoundError);
    expect(lastRequest().path).toBe('/v2/payments/tr_doesnotexist');
  });

  it('treats an id of the wrong shape as not found, without calling Mollie', async () => {
    const before = fake.requests.length;
    await expect(provider.getPayment('re_abc')).rejects.toBeInstanceOf(ProviderNotFoundError);
    expect(fake.requests.length).toBe(before);
  });
});

describe('Mollie unavailable', () => {
  it('maps a lasting 500 to ProviderUnavailableError (after the client retried)', async () => {
    const created = await provider.createPayment(input());
    const before = fake.requests.length;
    fake.failNext(500, { times: 3, retryAfterSeconds: 0 });
    const error = await rejection(provider.getPayment(created.id));
    expect(error).toBeInstanceOf(ProviderUnavailableError);
    expect(error.message).toContain('500');
    expect(fake.requests.length - before).toBe(3);
  });

  it('survives one 503 on create: the client retries with the same idempotency key', async () => {
    const before = fake.requests.length;
    fake.failNext(503, { retryAfterSeconds: 0 });
    const payment = await provider.createPayment(input());
    expect(payment.status).toBe('open');
    const attempts = fake.requests.slice(before);
    expect(attempts).toHaveLength(2);
    expect(attempts[0]?.idempotencyKey).toBeTruthy();
    expect(attempts[1]?.idempotencyKey).toBe(attempts[0]?.idempotencyKey);
  });

  it('maps 429 to ProviderUnavailableError', async () => {
    fake.failNext(429);
    await expect(
      provider.createCustomer({ name: 'A', email: 'a@example.com', metadata: {} }),
    ).rejects.toBeInstanceOf(ProviderUnavailableError);
  });

  it('gives up on a hanging Mollie within the timeout', async () => {
    const quick = createMollieProvider({ apiKey: fake.apiKey, apiEndpoint: fake.url, timeoutMs: 300 });
    fake.failNext('hang');
    const started = Date.now();
    const error = await rejection(quick.getPayment('tr_hanghanghang'));
    const elapsed = Date.now() - started;
    expect(error).toBeInstanceOf(ProviderUnavailableError);
    expect(error.message).toMatch(/did not answer within 300 ms/);
    expect(elapsed).toBeGreaterThanOrEqual(280);
    expect(elapsed).toBeLessThan(2_000);
  });

  it('maps a network error (nothing listening) to ProviderUnavailableError', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const offline = createMollieProvider({
      apiKey: fake.apiKey,
      apiEndpoint: `https://127.0.0.1:${port}/v2/`,
      timeoutMs: 2_000,
    });
    const error = await rejection(offline.getPayment('tr_offlineoffl'));
    expect(error).toBeInstanceOf(ProviderUnavailableError);
    expect(error.message).not.toContain(fake.apiKey);
  });
});

describe('customers and mandates', () => {
  it('lists the mandate a paid first payment created, then charges it with a recurring payment', async () => {
    const customer = await provider.createCustomer({ name: 'Bo', email: 'bo@example.com', metadata: {} });
    expect(await provider.listMandates(customer.id)).toEqual([]);
    expect(lastRequest()).toMatchObject({ method: 'GET', path: `/v2/customers/${customer.id}/mandates` });

    const first = await provider.createPayment(
      input({ method: 'creditcard', sequenceType: 'first', customerId: customer.id }),
    );
    fake.setStatus(first.id, 'paid');
    const paid = await provider.getPayment(first.id);
    expect(paid.mandateId).toMatch(/^mdt_/);
    expect(paid.checkoutUrl).toBeNull();

    const mandates = await provider.listMandates(customer.id);
    expect(mandates).toEqual([{ id: paid.mandateId, status: 'valid', method: 'creditcard' }]);

    const repeat = await provider.createPayment(
      input({ sequenceType: 'recurring', customerId: customer.id, mandateId: paid.mandateId ?? undefined }),
    );
    const body = lastRequest().body;
    expect(body).toMatchObject({
      sequenceType: 'recurring',
      customerId: customer.id,
      mandateId: paid.mandateId,
    });
    expect(body).not.toHaveProperty('redirectUrl');
    expect(repeat).toMatchObject({
      status: 'pending',
      sequenceType: 'recurring',
      customerId: customer.id,
      mandateId: paid.mandateId,
      checkoutUrl: null,
      method: 'creditcard',
    });
  });

  it('a paid iDEAL first payment leaves a direct debit mandate', async () => {
    const customer = await provider.createCustomer({ name: 'Cas', email: 'cas@example.com', metadata: {} });
    const first = await provider.createPayment(
      input({ method: 'ideal', sequenceType: 'first', customerId: customer.id }),
    );
    fake.setStatus(first.id, 'paid');
    const [mandate] = await provider.listMandates(customer.id);
    expect(mandate).toMatchObject({ status: 'valid', method: 'directdebit' });
  });

  it('refuses a first or recurring payment without a customer, without calling Mollie', async () => {
    const before = fake.requests.length;
    await expect(provider.createPayment(input({ sequenceType: 'first' }))).rejects.toThrow(
      /needs a customerId/,
    );
    expect(fake.requests.length).toBe(before);
  });

  it('maps an unknown customer to ProviderNotFoundError', async () => {
    await expect(provider.listMandates('cst_doesnotexist')).rejects.toBeInstanceOf(ProviderNotFoundError);
    await expect(provider.listMandates('nonsense')).rejects.toBeInstanceOf(ProviderNotFoundError);
  });
});

describe('createRefund', () => {
  it('refunds part of a paid payment', async () => {
    const created = await provider.createPayment(input({ amountMinor: 1999, method: 'creditcard' }));
    fake.setStatus(created.id, 'paid');
    const refund = await provider.createRefund(created.id, {
      amountMinor: 500,
      currency: 'EUR',
      description: 'Refund of transaction 42',
    });
    expect(lastRequest()).toMatchObject({
      method: 'POST',
      path: `/v2/payments/${created.id}/refunds`,
      body: { amount: { currency: 'EUR', value: '5.00' }, description: 'Refund of transaction 42' },
    });
    expect(refund).toEqual({ id: expect.stringMatching(/^re_/), amountMinor: 500, status: 'pending' });
    expect((await provider.getPayment(created.id)).amountRefundedMinor).toBe(500);
  });

  it('passes on Mollie refusing too large a refund as a plain error', async () => {
    const created = await provider.createPayment(input({ amountMinor: 1000 }));
    fake.setStatus(created.id, 'paid');
    const error = await rejection(
      provider.createRefund(created.id, { amountMinor: 1001, currency: 'EUR', description: 'too much' }),
    );
    expect(error).not.toBeInstanceOf(ProviderUnavailableError);
    expect(error).not.toBeInstanceOf(ProviderNotFoundError);
    expect(error.message).toMatch(/422 .*higher than the amount that can be refunded/);
  });

  it('maps an unknown payment to ProviderNotFoundError', async () => {
    await expect(
      provider.createRefund('tr_doesnotexist', { amountMinor: 100, currency: 'EUR', description: 'x' }),
    ).rejects.toBeInstanceOf(ProviderNotFoundError);
  });
});

describe('authentication', () => {
  it('a wrong API key gives a plain error that does not contain the key', async () => {
    const wrongKey = 'test_wrongwrongwrongwrongwrongwrong';
    const wrong = createMollieProvider({ apiKey: wrongKey, apiEndpoint: fake.url, timeoutMs: 2_000 });
    const error = await rejection(wrong.createPayment(input()));
    expect(lastRequest().authorized).toBe(false);
    expect(error).not.toBeInstanceOf(ProviderUnavailableError);
    expect(error).not.toBeInstanceOf(ProviderNotFoundError);
    expect(error.message).toContain('401 Unauthorized Request');
    expect(error.message).toContain('failed to authenticate');
    for (const text of [error.message, String(error), error.stack ?? '', JSON.stringify(error)]) {
      expect(text).not.toContain(wrongKey);
      expect(text).not.toContain(fake.apiKey);
    }
  });

  it('requires an API key and an https endpoint', () => {
    expect(() => createMollieProvider({ apiKey: '' })).toThrow(/apiKey is required/);
    expect(() =>
      createMollieProvider({ apiKey: fake.apiKey, apiEndpoint: 'http://127.0.0.1:1/v2/' }),
    ).toThrow(/must be an https:\/\/ URL/);
  });
});

describe('the fake', () => {
  it('calls a loopback webhook with the payment id, as Mollie does', async () => {
    const received: string[] = [];
    const hook = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => {
        body += chunk.toString('utf8');
      });
      req.on('end', () => {
        received.push(`${req.method} ${req.url} ${req.headers['content-type']} ${body}`);
        res.end('ok');
      });
    });
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = hook.address() as AddressInfo;
      const payment = await provider.createPayment(
        input({ webhookUrl: `http://127.0.0.1:${port}/api/payment-webhook.php` }),
      );
      fake.setStatus(payment.id, 'paid');
      expect(await fake.sendWebhook(payment.id)).toBe(200);
      expect(received).toEqual([
        `POST /api/payment-webhook.php application/x-www-form-urlencoded id=${payment.id}`,
      ]);
    } finally {
      await new Promise<void>((resolve) => hook.close(() => resolve()));
    }
  });
});

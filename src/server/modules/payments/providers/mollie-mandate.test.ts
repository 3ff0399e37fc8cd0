import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowFakeCertificate, type MollieFake, startMollieFake } from './mollie-fake';
import { createMollieProvider } from './mollie-provider';
import { type PaymentProvider, ProviderNotFoundError, ProviderUnavailableError } from './provider';

/**
 * The Mollie adapter's direct-debit mandate (createMandate: POST /v2/customers/{id}/mandates) and the recurring
 * payment on it, against the local Mollie fake (mollie-fake.ts; docs/payments-mollie.md).
 */
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

const IBAN = 'NL91ABNA0417164300';
const customer = () => provider.createCustomer({ name: 'Sanne', email: 'sanne@example.com', metadata: {} });
const mandateInput = (customerId: string) => ({
  customerId,
  consumerName: 'Sanne de Vries',
  consumerAccount: IBAN,
  signatureDate: new Date().toISOString().slice(0, 10),
  mandateReference: 'DD-42-0A1B2C3D4E',
});

describe('createMandate', () => {
  it('posts a directdebit mandate with the consumer, the signature date and our reference; answers no account', async () => {
    const { id: customerId } = await customer();
    const mandate = await provider.createMandate(mandateInput(customerId));
    // Only the id, status and method leave the adapter: never the account Mollie echoes in `details`.
    expect(mandate).toEqual({ id: expect.stringMatching(/^mdt_/), status: 'valid', method: 'directdebit' });
    const request = fake.requests.at(-1)!;
    expect(request).toMatchObject({
      method: 'POST',
      path: `/v2/customers/${customerId}/mandates`,
      authorized: true,
      body: {
        method: 'directdebit',
        consumerName: 'Sanne de Vries',
        consumerAccount: IBAN,
        signatureDate: mandateInput(customerId).signatureDate,
        mandateReference: 'DD-42-0A1B2C3D4E',
      },
    });
    // POSTs carry an idempotency key, so a retried create never makes a second mandate.
    expect(request.idempotencyKey).toBeTruthy();
    const [listed] = await provider.listMandates(customerId);
    expect(listed).toEqual(mandate);
  });

  it('revokes a mandate (DELETE), after which it is no longer listed; revoking it again is no error', async () => {
    const { id: customerId } = await customer();
    const mandate = await provider.createMandate(mandateInput(customerId));
    await provider.revokeMandate(customerId, mandate.id);
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'DELETE',
      path: `/v2/customers/${customerId}/mandates/${mandate.id}`,
      authorized: true,
    });
    expect(await provider.listMandates(customerId)).toEqual([]);
    await expect(provider.revokeMandate(customerId, mandate.id)).resolves.toBeUndefined();
    fake.failNext(503, { times: 3 });
    await expect(provider.revokeMandate(customerId, 'mdt_other')).rejects.toThrow(/503|unavailable|Mollie/i);
  });

  it('charges a recurring payment on the mandate: pending until the bank collects it', async () => {
    const { id: customerId } = await customer();
    const mandate = await provider.createMandate(mandateInput(customerId));
    const payment = await provider.createPayment({
      amountMinor: 1995,
      currency: 'EUR',
      description: '60 credits (#7)',
      method: 'directdebit',
      redirectUrl: 'https://amora.example/transactions/7',
      webhookUrl: 'https://amora.example/api/payment-webhook.php',
      metadata: { payment_id: '7' },
      sequenceType: 'recurring',
      customerId,
      mandateId: mandate.id,
    });
    expect(payment).toMatchObject({
      status: 'pending',
      method: 'directdebit',
      sequenceType: 'recurring',
      mandateId: mandate.id,
      checkoutUrl: null,
      amountMinor: 1995,
    });
    expect(fake.requests.at(-1)!.body).toMatchObject({ sequenceType: 'recurring', mandateId: mandate.id });
  });

  it("passes Mollie's refusals on as errors naming the field, never the account", async () => {
    const { id: customerId } = await customer();
    const err = await provider
      .createMandate({ ...mandateInput(customerId), consumerAccount: 'NL91ABNA0417164301' })
      .then(
        () => undefined,
        (e: unknown) => e as Error,
      );
    expect(err).toBeInstanceOf(Error);
    expect(err).not.toBeInstanceOf(ProviderUnavailableError);
    expect(err!.message).toMatch(/422.*consumerAccount/);
    expect(err!.message).not.toContain('NL91ABNA0417164301');
    const future = await provider
      .createMandate({ ...mandateInput(customerId), signatureDate: '2999-01-01' })
      .then(
        () => undefined,
        (e: unknown) => e as Error,
      );
    expect(future!.message).toMatch(/signatureDate/);
  });

  it('maps an unknown customer to not found, and a Mollie outage to unavailable', async () => {
    await expect(provider.createMandate(mandateInput('cst_doesnotexist'))).rejects.toBeInstanceOf(
      ProviderNotFoundError,
    );
    await expect(provider.createMandate(mandateInput('nonsense'))).rejects.toBeInstanceOf(
      ProviderNotFoundError,
    );
    const { id: customerId } = await customer();
    fake.failNext(503, { times: 3, retryAfterSeconds: 0 });
    await expect(provider.createMandate(mandateInput(customerId))).rejects.toBeInstanceOf(
      ProviderUnavailableError,
    );
  });
});

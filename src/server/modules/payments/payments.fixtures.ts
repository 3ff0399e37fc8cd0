import type { Db } from '../../db/client';
import {
  type CreateMandateInput,
  type CreatePaymentInput,
  type PaymentProvider,
  type ProviderMandate,
  type ProviderPayment,
  ProviderUnavailableError,
} from './providers/provider';
import { createTestProvider, TEST_PROVIDER_METHODS } from './providers/test-provider';

type TestProvider = ReturnType<typeof createTestProvider>;

/** What the flaky provider does wrong, set by the test. */
export interface Flaws {
  /** getPayment throws ProviderUnavailableError (the provider is down during a webhook) */
  down: boolean;
  /**
   * createPayment makes the payment, then throws ProviderUnavailableError as a timed-out call would: the answer is
   * lost. The hook runs in between (with the payment's id), e.g. to deliver its webhook while the call still hangs.
   */
  loseCreateAnswer: boolean | ((providerPaymentId: string) => Promise<void>);
}

/** A test's own behaviour for a call; `next` is the test provider's. */
export interface ProviderOverrides {
  createPayment?(input: CreatePaymentInput, next: PaymentProvider['createPayment']): Promise<ProviderPayment>;
  createMandate?(input: CreateMandateInput, next: PaymentProvider['createMandate']): Promise<ProviderMandate>;
  revokeMandate?(
    customerId: string,
    mandateId: string,
    next: PaymentProvider['revokeMandate'],
  ): Promise<void>;
}

/**
 * The built-in test provider behind a wrapper that fails on demand (`flaws`, or the test's `overrides`). The test
 * provider lives on the app's own database, so it is made by `attach(db)` once the app exists; the wrapper is handed
 * to the app before.
 */
export function flakyTestProvider(overrides: ProviderOverrides = {}) {
  const flaws: Flaws = { down: false, loseCreateAnswer: false };
  let inner: TestProvider | undefined;
  const later = (): TestProvider => {
    if (!inner) throw new Error('flakyTestProvider: attach(db) first');
    return inner;
  };
  const provider: PaymentProvider & Pick<TestProvider, 'find' | 'settle'> = {
    name: 'test',
    supportedMethods: TEST_PROVIDER_METHODS,
    async createPayment(input) {
      const next = later().createPayment;
      const created = await (overrides.createPayment ? overrides.createPayment(input, next) : next(input));
      const lose = flaws.loseCreateAnswer;
      if (!lose) return created;
      if (typeof lose === 'function') await lose(created.id);
      throw new ProviderUnavailableError('the answer to the create call was lost (test)');
    },
    async getPayment(id) {
      if (flaws.down) throw new ProviderUnavailableError('provider down (test)');
      return later().getPayment(id);
    },
    listMethods: (i) => later().listMethods(i),
    createCustomer: (i) => later().createCustomer(i),
    listMandates: (c) => later().listMandates(c),
    createMandate: (i) =>
      overrides.createMandate ? overrides.createMandate(i, later().createMandate) : later().createMandate(i),
    revokeMandate: (c, id) =>
      overrides.revokeMandate
        ? overrides.revokeMandate(c, id, later().revokeMandate)
        : later().revokeMandate(c, id),
    createRefund: (id, i) => later().createRefund(id, i),
    find: (id) => later().find(id),
    settle: (id, o) => later().settle(id, o),
  };
  return {
    provider,
    flaws,
    /** the test provider itself (for payments made behind our back, and its checkout data) */
    inner: later,
    attach(db: Db) {
      inner = createTestProvider(db, { publicUrl: 'http://localhost:3000' });
    },
  };
}

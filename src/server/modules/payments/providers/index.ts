import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../../config';
import type { Db } from '../../../db/client';
import type { PaymentProvider } from './provider';
import { createTestProvider } from './test-provider';
import { testProviderRoutes } from './test-provider.routes';

type TestProvider = ReturnType<typeof createTestProvider>;

function isTestProvider(p: PaymentProvider): p is TestProvider {
  const t = p as Partial<TestProvider>;
  return p.name === 'test' && typeof t.find === 'function' && typeof t.settle === 'function';
}

/**
 * The configured payment provider (config.payments): the built-in test provider, with its checkout page registered
 * on `app`, or Mollie. Tests may pass their own provider (`override`) to simulate failures.
 */
export async function registerPaymentProvider(
  app: FastifyInstance,
  config: AppConfig,
  db: Db,
  override?: PaymentProvider,
): Promise<PaymentProvider> {
  if (override) {
    if (isTestProvider(override)) await app.register(testProviderRoutes, { provider: override });
    return override;
  }
  if (config.payments.provider === 'mollie') {
    const { createMollieProvider } = await import('./mollie-provider');
    return createMollieProvider({ apiKey: config.payments.apiKey, apiEndpoint: config.payments.apiEndpoint });
  }
  const provider = createTestProvider(db, { publicUrl: config.publicUrl });
  await app.register(testProviderRoutes, { provider });
  return provider;
}

/**
 * Refunds a paid payment as an operator: `npm run payments:refund -- <paymentId> [amountMinor]`.
 * Uses the configured provider (MOLLIE_API_KEY, else the built-in test provider) and DATABASE_URL (else the embedded
 * database in DATA_DIR). The member's unspent credits of that payment are taken back through the ledger.
 */
import path from 'node:path';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { refundPayment } from '../src/server/modules/payments/refund';
import { createTestProvider } from '../src/server/modules/payments/providers/test-provider';

const [idArg, amountArg] = process.argv.slice(2);
const paymentId = Number(idArg);
if (!Number.isInteger(paymentId) || paymentId <= 0) {
  console.error('usage: npm run payments:refund -- <paymentId> [amountMinor]');
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: path.join(config.dataDir, 'pglite'),
});
try {
  const provider =
    config.payments.provider === 'mollie'
      ? (await import('../src/server/modules/payments/providers/mollie-provider')).createMollieProvider({
          apiKey: config.payments.apiKey,
          apiEndpoint: config.payments.apiEndpoint,
        })
      : createTestProvider(database.db, { publicUrl: config.publicUrl });
  const applied = await refundPayment(database.db, provider, paymentId, amountArg ? Number(amountArg) : undefined);
  console.log(`payment ${paymentId}: ${applied?.status ?? 'unchanged'}`);
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exitCode = 1;
} finally {
  await database.close();
}

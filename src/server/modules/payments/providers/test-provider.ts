import { randomBytes } from 'node:crypto';
import { and, eq, isNotNull, lte, sql } from 'drizzle-orm';
import { TABLE_PROVIDER_METHODS } from '../../../../shared/payment-methods';
import { RULES } from '../../../../shared/rules';
import { checkIban, maskIban } from '../../../../shared/sepa';
import type { Db } from '../../../db/client';
import { testProviderCustomers, testProviderMandates, testProviderPayments } from '../../../db/schema';
import {
  type CreateMandateInput,
  type CreatePaymentInput,
  type PaymentProvider,
  type ProviderMandate,
  ProviderNotFoundError,
  type ProviderPayment,
  type ProviderPaymentStatus,
  type SequenceType,
} from './provider';

/**
 * The built-in test provider (the embedded default, ARCHITECTURE.md "Integrations"). It keeps its payments in its
 * own table, shows its own checkout page (test-provider.routes.ts) where the tester chooses paid, failed, canceled,
 * expired or pending-then-paid, and then calls the webhook like a real provider: with the id only. Its methods
 * and statuses follow Mollie's vocabulary, so the rest of the code cannot tell the two apart; it supports every
 * provider method of the method table.
 *
 * Direct-debit mandates made through its API (createMandate) are valid at once, as Mollie's are; a recurring payment
 * on one is `pending` first, as a SEPA debit is until the bank collects it, and is paid a few seconds later (the
 * checkout routes listen with `onPendingDebit` and settle it through the webhook).
 *
 * An open payment nobody finished expires `RULES.payments.testProviderExpiryMinutes` after it was made, as an
 * abandoned checkout does at Mollie: from then on it is `expired` (reported with its `expiresAt` while open) and can
 * no longer be paid. It expires when it is next looked at (getPayment, the checkout page); our re-check job looks at
 * it once its expiry has passed, as it would for a Mollie webhook that never came.
 */
export const TEST_PROVIDER_METHODS: ReadonlySet<string> = TABLE_PROVIDER_METHODS;

/** Methods whose paid first payment leaves a mandate for repeat orders. */
const MANDATE_METHODS = new Set(['creditcard', 'paypal', 'directdebit']);

/** The outcomes the checkout page offers. */
export const TEST_OUTCOMES = ['paid', 'failed', 'canceled', 'expired', 'pending'] as const;
export type TestOutcome = (typeof TEST_OUTCOMES)[number];

type Row = typeof testProviderPayments.$inferSelect;

const EXPIRY_MS = RULES.payments.testProviderExpiryMinutes * 60_000;
/** An open payment made before this moment has expired (in the database's clock). */
const expiredBefore = () =>
  sql`now() - make_interval(mins => ${RULES.payments.testProviderExpiryMinutes}::int)`;

const newId = (prefix: string) => `${prefix}_test${randomBytes(8).toString('hex')}`;

export interface TestProviderOptions {
  /** the public base URL: the checkout page is `${publicUrl}/test-provider/checkout/{id}` */
  publicUrl: string;
}

export function createTestProvider(
  db: Db,
  opts: TestProviderOptions,
): PaymentProvider & {
  /** the checkout page's data */
  find(id: string): Promise<Row | undefined>;
  /** the tester's choice on the checkout page (or a chargeback): moves the payment as a real provider would */
  settle(id: string, outcome: TestOutcome | 'chargeback' | 'refund'): Promise<Row | undefined>;
  /** called with the id of every direct-debit payment that starts pending (to settle it later, as a bank would) */
  onPendingDebit(listener: (id: string) => void): void;
} {
  const pendingDebitListeners: ((id: string) => void)[] = [];
  const present = (r: Row): ProviderPayment => ({
    id: r.id,
    status: r.status as ProviderPaymentStatus,
    amountMinor: r.amountMinor,
    currency: r.currency,
    method: r.method,
    metadata: r.metadata,
    checkoutUrl: r.status === 'open' ? `${opts.publicUrl}/test-provider/checkout/${r.id}` : null,
    customerId: r.customerId,
    mandateId: r.mandateId,
    sequenceType: r.sequenceType as SequenceType,
    amountRefundedMinor: r.refundedMinor,
    amountChargedBackMinor: r.chargedBackMinor,
    // The test page's chargebacks and refunds are never undone.
    undoneReversalIds: [],
    expiresAt: r.status === 'open' ? new Date(r.createdAt.getTime() + EXPIRY_MS) : null,
  });

  /** The payment as it stands now: an open one past its expiry becomes expired first (one conditional update). */
  async function find(id: string): Promise<Row | undefined> {
    const [row] = await db.select().from(testProviderPayments).where(eq(testProviderPayments.id, id));
    if (row?.status !== 'open' || row.createdAt.getTime() + EXPIRY_MS > Date.now()) return row;
    const [expired] = await db
      .update(testProviderPayments)
      .set({ status: 'expired' })
      .where(
        and(
          eq(testProviderPayments.id, id),
          eq(testProviderPayments.status, 'open'),
          lte(testProviderPayments.createdAt, expiredBefore()),
        ),
      )
      .returning();
    return expired ?? row;
  }

  async function validMandates(customerId: string): Promise<ProviderMandate[]> {
    const made = await db
      .select({ id: testProviderMandates.id, method: testProviderMandates.method })
      .from(testProviderMandates)
      .where(and(eq(testProviderMandates.customerId, customerId), eq(testProviderMandates.status, 'valid')));
    const rows = await db
      .select({ mandateId: testProviderPayments.mandateId, method: testProviderPayments.method })
      .from(testProviderPayments)
      .where(
        and(
          eq(testProviderPayments.customerId, customerId),
          eq(testProviderPayments.sequenceType, 'first'),
          eq(testProviderPayments.status, 'paid'),
          isNotNull(testProviderPayments.mandateId),
        ),
      );
    return [
      ...rows.map(
        (r): ProviderMandate => ({
          id: r.mandateId as string,
          status: 'valid',
          method: r.method ?? 'creditcard',
        }),
      ),
      ...made.map((m): ProviderMandate => ({ id: m.id, status: 'valid', method: m.method })),
    ];
  }

  return {
    name: 'test',
    supportedMethods: TEST_PROVIDER_METHODS,
    find,

    onPendingDebit(listener) {
      pendingDebitListeners.push(listener);
    },

    // Nothing to switch on here: every method of the table is active (the static list; methodsFor filters it by
    // country and currency).
    async listMethods(): Promise<string[]> {
      return [...TEST_PROVIDER_METHODS];
    },

    async createPayment(input: CreatePaymentInput): Promise<ProviderPayment> {
      const sequenceType = input.sequenceType ?? 'oneoff';
      let status = 'open';
      let mandateId: string | null = null;
      let method = input.method ?? null;
      if (sequenceType === 'recurring') {
        // A repeat payment is charged on the mandate at once, without the member; it settles as paid.
        const mandates = input.customerId ? await validMandates(input.customerId) : [];
        const mandate = mandates.find((m) => !input.mandateId || m.id === input.mandateId);
        if (!mandate) throw new Error('no valid mandate for a recurring payment');
        mandateId = mandate.id;
        method = mandate.method;
        // A card is charged at once; a SEPA debit is pending until the bank collects it.
        status = mandate.method === 'directdebit' ? 'pending' : 'paid';
      }
      const [row] = await db
        .insert(testProviderPayments)
        .values({
          id: newId('tr'),
          status,
          amountMinor: input.amountMinor,
          currency: input.currency,
          description: input.description,
          method,
          metadata: input.metadata,
          redirectUrl: input.redirectUrl,
          webhookUrl: input.webhookUrl,
          sequenceType,
          customerId: input.customerId ?? null,
          mandateId,
        })
        .returning();
      const created = row as Row;
      if (created.status === 'pending' && method === 'directdebit')
        for (const listener of pendingDebitListeners) listener(created.id);
      return present(created);
    },

    async getPayment(id: string): Promise<ProviderPayment> {
      const row = await find(id);
      if (!row) throw new ProviderNotFoundError();
      return present(row);
    },

    async settle(id: string, outcome: TestOutcome | 'chargeback' | 'refund'): Promise<Row | undefined> {
      const row = await find(id);
      if (!row) return undefined;
      if (outcome === 'refund') {
        if (row.status !== 'paid') return row;
        const [after] = await db
          .update(testProviderPayments)
          .set({ refundedMinor: row.amountMinor })
          .where(eq(testProviderPayments.id, id))
          .returning();
        return after;
      }
      if (outcome === 'chargeback') {
        if (row.status !== 'paid') return row;
        const [after] = await db
          .update(testProviderPayments)
          .set({ chargedBackMinor: row.amountMinor })
          .where(eq(testProviderPayments.id, id))
          .returning();
        return after;
      }
      // Only an open (unexpired) or pending payment can still change (like at a real provider).
      if (row.status !== 'open' && row.status !== 'pending') return row;
      const mandateId =
        outcome === 'paid' && row.sequenceType === 'first' && MANDATE_METHODS.has(row.method ?? 'creditcard')
          ? newId('mdt')
          : row.mandateId;
      const [after] = await db
        .update(testProviderPayments)
        .set({ status: outcome, mandateId, method: row.method ?? 'creditcard' })
        .where(
          and(
            eq(testProviderPayments.id, id),
            sql`(${testProviderPayments.status} = 'pending'
              or (${testProviderPayments.status} = 'open' and ${testProviderPayments.createdAt} > ${expiredBefore()}))`,
          ),
        )
        .returning();
      return after ?? (await find(id));
    },

    async createCustomer(input: { name: string }): Promise<{ id: string }> {
      const id = newId('cst');
      await db.insert(testProviderCustomers).values({ id, name: input.name });
      return { id };
    },

    listMandates: validMandates,

    async createMandate(input: CreateMandateInput): Promise<ProviderMandate> {
      const [customer] = await db
        .select({ id: testProviderCustomers.id })
        .from(testProviderCustomers)
        .where(eq(testProviderCustomers.id, input.customerId));
      if (!customer) throw new ProviderNotFoundError(`customer ${input.customerId} not found`);
      if (!checkIban(input.consumerAccount).ok)
        throw new Error('the consumer account is not a valid SEPA IBAN');
      // Like a provider it would keep the account; being a test, it keeps only the masked form.
      const [row] = await db
        .insert(testProviderMandates)
        .values({
          id: newId('mdt'),
          customerId: input.customerId,
          method: 'directdebit',
          status: 'valid',
          mandateReference: input.mandateReference,
          consumerName: input.consumerName,
          accountMasked: maskIban(input.consumerAccount),
          signatureDate: input.signatureDate,
        })
        .returning({ id: testProviderMandates.id });
      return { id: (row as { id: string }).id, status: 'valid', method: 'directdebit' };
    },

    async revokeMandate(customerId: string, mandateId: string): Promise<void> {
      // Gone, as at Mollie: no longer listed, nothing more can be paid on it.
      await db
        .delete(testProviderMandates)
        .where(and(eq(testProviderMandates.id, mandateId), eq(testProviderMandates.customerId, customerId)));
    },

    async createRefund(paymentId, input) {
      const row = await find(paymentId);
      if (!row) throw new ProviderNotFoundError();
      if (row.status !== 'paid' || row.refundedMinor + input.amountMinor > row.amountMinor)
        throw new Error('refund not possible');
      await db
        .update(testProviderPayments)
        .set({ refundedMinor: row.refundedMinor + input.amountMinor })
        .where(eq(testProviderPayments.id, paymentId));
      return { id: newId('re'), amountMinor: input.amountMinor, status: 'refunded' };
    },
  };
}

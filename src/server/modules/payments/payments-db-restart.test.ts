import { randomBytes } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditLedger, payments, users } from '../../db/schema';
import { createMember, type TestMember } from '../../test/factories';
import { buildTestApp, type TestContext } from '../../test/test-app';
import { call, setProfile } from '../member-profile/member-profile.fixtures';
import { recheckOpenPayments } from './payments-recheck';
import { createTestProvider } from './providers/test-provider';

/**
 * PostgreSQL only: the database drops every connection of the app in the middle of a burst of paid webhooks (what
 * a restart does to a running app). Deliveries that fail leave their payments open; the re-check job then credits
 * every payment, each exactly once, and no pool client is left checked out. Only this app's connections are cut
 * (its own application_name), so other test files sharing the database are not disturbed.
 */
const url = process.env.DATABASE_URL;
const appName = `amora-restart-${randomBytes(4).toString('hex')}`;
let ctx: TestContext;
let domain: string;

describe.skipIf(!url)('payments survive a database restart during a burst of webhooks', () => {
  beforeAll(async () => {
    const withName = new URL(url as string);
    withName.searchParams.set('application_name', appName);
    ctx = await buildTestApp({ DATABASE_URL: withName.toString() });
    domain = (await ctx.createSite()).domain;
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('loses no payment and credits none twice', async () => {
    const db = ctx.database.db;
    const provider = createTestProvider(db, { publicUrl: 'http://localhost:3000' });
    const members: TestMember[] = [];
    for (let i = 0; i < 6; i++) {
      const m = await createMember(ctx, domain);
      await setProfile(db, m.id, { country: 'NL' });
      await db.update(users).set({ credits: 0 }).where(eq(users.id, m.id));
      await db.delete(creditLedger).where(eq(creditLedger.userId, m.id));
      members.push(m);
    }
    const bundle = (await call(ctx, domain, 'GET', '/api/credits.php', members[0]!.cookie)).json().bundles[0];
    const started: { id: number; providerId: string; member: TestMember }[] = [];
    for (const m of members)
      for (let k = 0; k < 3; k++) {
        const res = await call(ctx, domain, 'POST', '/api/payment.php', m.cookie, {
          bundle_id: bundle.id,
          method: 'ideal',
        });
        expect(res.statusCode, res.body).toBe(200);
        const id = res.json().payment.id as number;
        const [row] = await db.select().from(payments).where(eq(payments.id, id));
        await provider.settle(row!.providerPaymentId!, 'paid');
        started.push({ id, providerId: row!.providerPaymentId!, member: m });
      }

    // The burst, with every connection of the app cut while it runs.
    const killer = new pg.Client({ connectionString: url });
    await killer.connect();
    const burst = Promise.all(
      started.map((p) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/payment-webhook.php',
          headers: { host: domain, 'content-type': 'application/x-www-form-urlencoded' },
          payload: `id=${p.providerId}`,
        }),
      ),
    );
    await new Promise((r) => setTimeout(r, 15));
    await killer.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and pid <> pg_backend_pid()',
      [appName],
    );
    await killer.end();
    const answers = await burst;
    const statuses = answers.map((a) => a.statusCode);
    // Some deliveries may have failed (the provider would deliver them again); none may have been lost.
    expect(statuses.every((s) => s === 200 || s >= 500)).toBe(true);

    // The re-check job picks up whatever is still open (a real provider would also deliver again).
    for (let round = 0; round < 3; round++) {
      await db
        .update(payments)
        .set({ checkAfter: sql`now()` })
        .where(
          inArray(
            payments.id,
            started.map((p) => p.id),
          ),
        );
      await recheckOpenPayments(db, provider, 500);
    }
    const rows = await db
      .select()
      .from(payments)
      .where(
        inArray(
          payments.id,
          started.map((p) => p.id),
        ),
      );
    expect(rows.map((r) => r.status)).toEqual(started.map(() => 'paid'));
    for (const m of members) {
      const [u] = await db.select().from(users).where(eq(users.id, m.id));
      expect(u!.credits).toBe(3 * bundle.credits);
      const ledger = await db.select().from(creditLedger).where(eq(creditLedger.userId, m.id));
      expect(ledger).toHaveLength(3);
    }
    // Every client the cut transactions held went back to the pool (drizzle-orm's transaction left a client checked
    // out for good when its `begin` failed: db/transaction-release.ts), so none is missing and the pool can close.
    const pool = (db as unknown as { $client: pg.Pool }).$client;
    expect(pool.idleCount).toBe(pool.totalCount);
  });
});

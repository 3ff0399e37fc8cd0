import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/client';
import { outbox } from '../db/schema';
import { AppMetrics } from '../lib/metrics';
import { enqueueMail, MAX_ATTEMPTS } from '../modules/outbox/outbox.repo';
import { uniqueEmail } from '../test/factories';
import { buildTestApp, type TestContext } from '../test/test-app';
import { type ChannelSenders, sendDueOutbox } from './outbox-sender';

/**
 * The outbox job runs in every instance (bootstrap.ts): two runners that claim at the same moment must split the
 * due items between them, never both send one. On PostgreSQL the second runner has a pool of its own (a second
 * instance); on PGlite both share the one connection, and their statements interleave.
 */
let ctx: TestContext;
let other: Database | undefined;
beforeAll(async () => {
  ctx = await buildTestApp();
  if (process.env.DATABASE_URL) other = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
});
afterAll(async () => {
  await other?.close();
  await ctx?.close();
});

/** The batch one sendDueOutbox call claims (outbox-sender.ts). */
const BATCH = 20;

async function queue(prefix: string, n: number): Promise<string[]> {
  const to = Array.from({ length: n }, () => uniqueEmail(prefix));
  for (const address of to)
    await enqueueMail(ctx.database.db, null, {
      to: address,
      from: 'a@b.example',
      subject: 's',
      html: 'h',
      text: 't',
    });
  // First in line on a shared outbox, so the batches claim these and not other tests' mails.
  await ctx.database.db
    .update(outbox)
    .set({ nextAttemptAt: new Date(0) })
    .where(inArray(sql`${outbox.payload}->>'to'`, to));
  return to;
}

async function rowsTo(to: string[]) {
  const rows = await ctx.database.db
    .select()
    .from(outbox)
    .where(inArray(sql`${outbox.payload}->>'to'`, to));
  return rows;
}

describe('outbox on several instances', () => {
  it('two runners claiming at once send every item exactly once between them', async () => {
    const to = await queue('claim', 2 * BATCH);
    const sends: string[] = [];
    const runner = (name: string): ChannelSenders => ({
      mail: async (payload) => {
        sends.push(`${name}:${String(payload.to)}`);
        // Slow enough that the other runner claims while this one still holds its batch.
        await new Promise((r) => setTimeout(r, 5));
      },
    });
    const [a, b] = await Promise.all([
      sendDueOutbox(ctx.database.db, runner('a')),
      sendDueOutbox(other?.db ?? ctx.database.db, runner('b')),
    ]);
    const mine = sends.filter((s) => to.includes(s.slice(2)));
    expect(new Set(mine.map((s) => s.slice(2))).size).toBe(to.length);
    expect(mine).toHaveLength(to.length);
    expect(a).toBeGreaterThan(0);
    expect(b).toBeGreaterThan(0);
    const rows = await rowsTo(to);
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });

  it('retries a failed send with growing back-off, fails it for good at the last attempt, and counts both', async () => {
    const metrics = new AppMetrics({ defaultMetrics: false });
    const observe = (channel: string, outcome: string) => metrics.outboxItems.inc({ channel, outcome });
    const down: ChannelSenders = {
      mail: () => Promise.reject(new Error('smtp down')),
    };
    const [to] = await queue('backoff', 1);
    const before = Date.now();
    await sendDueOutbox(ctx.database.db, down, () => {}, observe);
    let [row] = await rowsTo([to!]);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'smtp down' });
    // First retry after 30 s, doubling per attempt (outbox.repo markFailed).
    const firstDelay = row!.nextAttemptAt.getTime() - before;
    expect(firstDelay).toBeGreaterThanOrEqual(29_000);
    expect(firstDelay).toBeLessThan(60_000);

    await ctx.database.db.execute(
      sql`update outbox set next_attempt_at = 'epoch', attempts = ${MAX_ATTEMPTS - 3} where payload->>'to' = ${to!}`,
    );
    const again = Date.now();
    await sendDueOutbox(ctx.database.db, down, () => {}, observe);
    [row] = await rowsTo([to!]);
    expect(row!.status).toBe('pending');
    expect(row!.nextAttemptAt.getTime() - again).toBeGreaterThan(firstDelay * 2);

    await ctx.database.db.execute(
      sql`update outbox set next_attempt_at = 'epoch', attempts = ${MAX_ATTEMPTS - 1} where payload->>'to' = ${to!}`,
    );
    await sendDueOutbox(ctx.database.db, down, () => {}, observe);
    [row] = await rowsTo([to!]);
    expect(row).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });

    const text = await metrics.registry.metrics();
    expect(text).toMatch(/^amora_outbox_items_total\{channel="mail",outcome="retry"\} [1-9]\d*$/m);
    expect(text).toMatch(/^amora_outbox_items_total\{channel="mail",outcome="failed"\} [1-9]\d*$/m);
  });
});

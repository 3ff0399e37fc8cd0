import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { installReleasingTransactions } from './transaction-release';

/** A pool whose one client fails the statements `failOn` names, and records what it was sent and how it came back. */
function fakePool(failOn: (text: string) => boolean) {
  const sent: string[] = [];
  const releases: (Error | undefined)[] = [];
  const client = {
    query: async (q: string | { text: string }) => {
      const text = typeof q === 'string' ? q : q.text;
      sent.push(text);
      if (failOn(text)) throw Object.assign(new Error(`failed: ${text}`), { code: '57P01' });
      return { rows: [], fields: [], rowCount: 0, command: text.split(' ')[0]?.toUpperCase() };
    },
    release: (err?: Error) => {
      releases.push(err);
    },
  };
  class FakePool extends pg.Pool {
    override async connect(): Promise<pg.PoolClient> {
      return client as unknown as pg.PoolClient;
    }
  }
  return { pool: new FakePool(), sent, releases };
}

describe('db.transaction on a pool (drizzle-orm 0.45 fix)', () => {
  installReleasingTransactions();

  it('gives the client back, as broken, when begin fails (the connection was cut)', async () => {
    const { pool, sent, releases } = fakePool((t) => t === 'begin');
    const db = drizzle(pool);
    let ran = false;
    await expect(
      db.transaction(async () => {
        ran = true;
      }),
    ).rejects.toThrow();
    expect(ran).toBe(false);
    expect(sent).toEqual(['begin']);
    expect(releases).toHaveLength(1);
    expect(releases[0]).toBeInstanceOf(Error);
  });

  it('commits and gives a healthy client back', async () => {
    const { pool, sent, releases } = fakePool(() => false);
    const db = drizzle(pool);
    const out = await db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      return 7;
    });
    expect(out).toBe(7);
    expect(sent).toEqual(['begin', 'select 1', 'commit']);
    expect(releases).toEqual([undefined]);
  });

  it('rolls back on an error and rethrows it; a failed rollback destroys the client but does not hide the error', async () => {
    const healthy = fakePool(() => false);
    await expect(
      drizzle(healthy.pool).transaction(async () => {
        throw new Error('rule broken');
      }),
    ).rejects.toThrow('rule broken');
    expect(healthy.sent).toEqual(['begin', 'rollback']);
    expect(healthy.releases).toEqual([undefined]);

    const cut = fakePool((t) => t === 'select 1' || t === 'rollback');
    await expect(
      drizzle(cut.pool).transaction(async (tx) => {
        await tx.execute(sql`select 1`);
      }),
    ).rejects.toThrow(/select 1/);
    expect(cut.sent).toEqual(['begin', 'select 1', 'rollback']);
    expect(cut.releases[0]).toBeInstanceOf(Error);
  });

  it('keeps the transaction settings', async () => {
    const { pool, sent } = fakePool(() => false);
    await drizzle(pool).transaction(async () => undefined, { isolationLevel: 'serializable' });
    expect(sent).toEqual(['begin', 'set transaction isolation level serializable', 'commit']);
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../test/test-app';
import { namedStatement } from './named-query';
import { pipelinedTransaction } from './pipelined-transaction';

// A table of this file's own (the shared PostgreSQL of CI holds other test files' rows too).
const table = `pipeline_test_${process.pid}`;
let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
  await ctx.database.db.execute(
    sql.raw(
      `create table ${table} (id int primary key, v int not null check (v >= 0), at timestamptz default now())`,
    ),
  );
});
afterAll(async () => {
  await ctx?.database.db.execute(sql.raw(`drop table if exists ${table}`));
  await ctx?.close();
});

const insert = namedStatement<{ id: number; v: number; at: string }>(
  'test_pipeline_insert',
  () => sql`insert into ${sql.raw(table)} (id, v) values (${sql.placeholder('id')}, ${sql.placeholder('v')})
    returning id, v, at`,
);
const count = namedStatement<{ n: string | number }>(
  'test_pipeline_count',
  () => sql`select count(*) as n from ${sql.raw(table)} where id between ${sql.placeholder('from')}
    and ${sql.placeholder('to')}`,
);
const lock = namedStatement(
  'test_pipeline_lock',
  () => sql`select pg_advisory_xact_lock(${sql.placeholder('key')}::int, 0)`,
);
const sqlStateOf = (err: unknown): unknown => {
  for (let e = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code) return (e as { code?: unknown }).code;
  }
  return undefined;
};
const backendPid = namedStatement<{ pid: number }>(
  'test_pipeline_pid',
  () => sql`select pg_backend_pid() as pid`,
);
const ids = async (from: number, to: number) => Number((await count(ctx.database.db, { from, to }))[0]!.n);

describe('pipelinedTransaction', () => {
  it('returns each step its rows and commits with the last batch', async () => {
    const out = await pipelinedTransaction(ctx.database.db, async (p) => {
      const [a, n] = await p.run(insert.step({ id: 1, v: 1 }), count.step({ from: 1, to: 9 }));
      expect(a).toEqual([{ id: 1, v: 1, at: expect.any(String) }]);
      expect(Number(n[0]!.n)).toBe(1);
      const [b] = await p.commit(insert.step({ id: 2, v: 2 }));
      return b[0]!.id;
    });
    expect(out).toBe(2);
    expect(await ids(1, 9)).toBe(2);
  });

  it('commits nothing of a batch whose statement fails, and throws that statement’s error', async () => {
    const attempt = pipelinedTransaction(ctx.database.db, async (p) => {
      await p.run(insert.step({ id: 11, v: 1 }));
      // The second insert breaks the check; the commit sent with it ends the transaction as a rollback.
      return p.commit(
        insert.step({ id: 12, v: 1 }),
        insert.step({ id: 13, v: -1 }),
        insert.step({ id: 14, v: 1 }),
      );
    });
    // PostgreSQL's error itself, or (PGlite, through drizzle) wrapped as its cause.
    expect(sqlStateOf(await attempt.catch((e: unknown) => e))).toBe('23514');
    expect(await ids(10, 19)).toBe(0);
    // The connections are clean afterwards: more transactions than the pool has connections all commit.
    await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        pipelinedTransaction(ctx.database.db, (p) => p.commit(insert.step({ id: 100 + i, v: i }))),
      ),
    );
    expect(await ids(100, 199)).toBe(15);
  });

  it('rolls back when the work throws between batches, and commits when it returns without a commit batch', async () => {
    const refused = pipelinedTransaction(ctx.database.db, async (p) => {
      await p.run(insert.step({ id: 21, v: 1 }));
      throw new Error('refused by the app');
    });
    await expect(refused).rejects.toThrow('refused by the app');
    expect(await ids(20, 29)).toBe(0);
    await pipelinedTransaction(ctx.database.db, async (p) => {
      await p.run(insert.step({ id: 22, v: 1 }));
    });
    expect(await ids(20, 29)).toBe(1);
  });

  it('refuses a statement after the commit batch', async () => {
    const late = pipelinedTransaction(ctx.database.db, async (p) => {
      await p.commit(insert.step({ id: 31, v: 1 }));
      await p.run(insert.step({ id: 32, v: 1 }));
    });
    await expect(late).rejects.toThrow('no statement may run after its commit');
    // On PostgreSQL the commit batch is committed when it answers; PGlite commits when the work ends, so its
    // transaction is rolled back with the error. Either way the late statement never runs.
    expect(await ids(32, 32)).toBe(0);
    if (process.env.DATABASE_URL) expect(await ids(31, 31)).toBe(1);
  });

  it.runIf(process.env.DATABASE_URL)(
    'gives a statement after a lock in the same batch a snapshot taken once the lock is granted',
    async () => {
      const key = process.pid % 100_000;
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      // The first transaction takes the lock, inserts, and commits only after the second has queued on the lock.
      const first = pipelinedTransaction(ctx.database.db, async (p) => {
        await p.run(lock.step({ key }), insert.step({ id: 41, v: 1 }));
        await held;
      });
      await new Promise((r) => setTimeout(r, 50));
      const second = pipelinedTransaction(ctx.database.db, (p) =>
        p.commit(lock.step({ key }), count.step({ from: 40, to: 49 })),
      );
      await new Promise((r) => setTimeout(r, 100));
      release();
      await first;
      const [, n] = await second;
      expect(Number(n[0]!.n)).toBe(1);
    },
  );

  it.runIf(process.env.DATABASE_URL)(
    'a connection cut in the middle fails the transaction, commits nothing, and the pool goes on with new connections',
    async () => {
      const db = ctx.database.db;
      const attempt = pipelinedTransaction(db, async (p) => {
        const [[me]] = await p.run(backendPid.step({}), insert.step({ id: 51, v: 1 }));
        await db.execute(sql`select pg_terminate_backend(${me!.pid}::int)`);
        return p.commit(insert.step({ id: 52, v: 1 }));
      });
      await expect(attempt).rejects.toThrow();
      expect(await ids(50, 59)).toBe(0);
      await Promise.all(
        Array.from({ length: 15 }, (_, i) =>
          pipelinedTransaction(db, (p) => p.commit(insert.step({ id: 200 + i, v: i }))),
        ),
      );
      expect(await ids(200, 299)).toBe(15);
    },
  );
});

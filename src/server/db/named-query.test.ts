import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../test/test-app';
import { executeNamed } from './named-query';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

describe('executeNamed', () => {
  it('binds new parameters on every run of a text and keeps different texts apart', async () => {
    const db = ctx.database.db;
    const add = (a: number, b: number) => sql`select ${a}::int + ${b}::int as n`;
    const mul = (a: number, b: number) => sql`select ${a}::int * ${b}::int as n`;
    // More runs than the pool has connections and than PostgreSQL's five custom plans before a generic one.
    for (let i = 0; i < 15; i++) {
      const [sum, product] = await Promise.all([
        executeNamed<{ n: number }>(db, add(i, 2), 'test_named'),
        executeNamed<{ n: number }>(db, mul(i, 3), 'test_named'),
      ]);
      expect(sum).toEqual([{ n: i + 2 }]);
      expect(product).toEqual([{ n: i * 3 }]);
    }
    const list = await executeNamed<{ x: number }>(
      db,
      sql`select x from unnest(${sql.param([3, 1, 2])}::int[]) as x where x > ${1} order by x`,
      'test_named',
    );
    expect(list).toEqual([{ x: 2 }, { x: 3 }]);
  });
});

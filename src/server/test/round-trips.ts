import pg from 'pg';
import { vi } from 'vitest';

/**
 * Counts what `work` sends to PostgreSQL through node-postgres: the statements, and the round trips, i.e. the
 * batches of statements written together before waiting for an answer (db/pipelined-transaction.ts). A batch is
 * the queries issued within one turn of the event loop: an answer from PostgreSQL always arrives in a later turn
 * (after this turn's setImmediate), so statements awaited one by one count one round trip each. PostgreSQL only.
 */
export async function countRoundTrips(
  work: () => Promise<unknown>,
): Promise<{ statements: number; roundTrips: number }> {
  let statements = 0;
  let roundTrips = 0;
  let batchOpen = false;
  const original = pg.Client.prototype.query;
  const spy = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args) {
    statements++;
    if (!batchOpen) {
      roundTrips++;
      batchOpen = true;
      setImmediate(() => {
        batchOpen = false;
      });
    }
    return (original as (...a: unknown[]) => unknown).apply(this, args) as never;
  });
  try {
    await work();
  } finally {
    spy.mockRestore();
  }
  return { statements, roundTrips };
}

import pg from 'pg';
import { type Db, pipelinePoolOf } from './client';
import type { Step } from './named-query';

/**
 * A transaction whose statements are written to PostgreSQL in batches, one round trip per batch instead of one per
 * statement (node-postgres' pipeline mode, on a pool of its own in db/client.ts). `begin` goes with the
 * first batch and `commit` with the last, so a transaction that needs one decision in the app between its reads
 * and its writes is two round trips: `begin` + reads, then writes + `commit`. The round trips were most of the
 * hot writes' cost (docs/performance.md "Chat", "Likes").
 *
 * PostgreSQL runs a batch's statements in order, each with its own snapshot (read committed), so a statement after
 * a lock sees what committed before the lock was granted, as it would if sent on its own. When a statement fails,
 * the ones after it in the transaction fail unrun (25P02) and a pipelined `commit` ends the transaction as a
 * rollback: nothing of a failed batch is ever committed, and the batch throws the statement's own error.
 *
 * So a batch sent with `commit` must not rely on the app to check a statement's result before the commit: every
 * condition that must hold is either decided in the app before the batch (under the locks an earlier batch took)
 * or enforced by the statement itself with an error (a constraint, a unique index).
 *
 * PGlite (the embedded default) runs the same steps one after another inside an ordinary transaction.
 */
export interface PipelinedTransaction {
  /** Runs the steps (after `begin`, for the first batch); the rows of each step, in order. */
  run<Rows extends unknown[]>(...steps: StepsOf<Rows>): Promise<RowsOf<Rows>>;
  /** Runs the steps and commits, in one round trip; the rows of each step. Nothing may run after it. */
  commit<Rows extends unknown[]>(...steps: StepsOf<Rows>): Promise<RowsOf<Rows>>;
}

type StepsOf<Rows extends unknown[]> = { [K in keyof Rows]: Step<Rows[K]> };
type RowsOf<Rows extends unknown[]> = { [K in keyof Rows]: Rows[K][] };

/**
 * Runs `work` in a pipelined transaction: committed by its `commit` batch, or (when `work` returns without one)
 * by a `commit` sent after it; rolled back when `work` or a statement throws, and the error rethrown.
 */
export async function pipelinedTransaction<T>(
  db: Db,
  work: (p: PipelinedTransaction) => Promise<T>,
): Promise<T> {
  const pool = pipelinePoolOf(db);
  if (!pool) return db.transaction((tx) => work(sequentialSteps(tx)));
  const client = await pool.connect();
  const state = new ClientState();
  try {
    const result = await work({
      run: (...steps) => sendBatch(client, state, steps, false) as never,
      commit: (...steps) => sendBatch(client, state, steps, true) as never,
    });
    if (state.begun && !state.ended) {
      state.ended = true;
      await client.query('commit').catch((e: unknown) => state.fail(e));
    }
    return result;
  } catch (err) {
    if (state.begun && !state.ended) {
      state.ended = true;
      await client.query('rollback').catch((e: unknown) => state.fail(e, false));
    }
    throw err;
  } finally {
    client.release(state.broken);
  }
}

class ClientState {
  begun = false;
  ended = false;
  /** set when the connection failed (not a statement): the client is then not returned to the pool */
  broken: Error | undefined;
  /** Records a query's error; rethrows it unless `rethrow` is false. */
  fail(err: unknown, rethrow = true): void {
    if (!hasSqlState(err)) this.broken = err instanceof Error ? err : new Error(String(err));
    if (rethrow) throw err;
  }
}

/**
 * Timestamps, dates and intervals (and their arrays) as the text PostgreSQL sends, as drizzle's node-postgres
 * session gives them to namedStatement's callers; everything else as node-postgres parses it.
 */
const rawTextTypes = new Set([1082, 1114, 1184, 1186, 1182, 1115, 1185, 1187, 1231]);
const types = {
  getTypeParser: (oid: number, format?: string) =>
    rawTextTypes.has(oid) ? (value: string) => value : pg.types.getTypeParser(oid, format as 'text'),
};

async function sendBatch(
  client: pg.PoolClient,
  state: ClientState,
  steps: Step<unknown>[],
  commit: boolean,
): Promise<unknown[][]> {
  if (state.ended) throw new Error('pipelined transaction: no statement may run after its commit');
  const stream = (client as unknown as { connection?: { stream?: { cork?(): void; uncork?(): void } } })
    .connection?.stream;
  const sent: Promise<pg.QueryResult>[] = [];
  // Corked, the batch leaves in one write: each query's own cork/uncork nests inside this one.
  stream?.cork?.();
  try {
    if (!state.begun) sent.push(client.query('begin'));
    for (const s of steps)
      sent.push(client.query({ name: s.name, text: s.text, values: s.params, types } as never));
    if (commit) sent.push(client.query('commit'));
  } finally {
    stream?.uncork?.();
  }
  state.begun = true;
  if (commit) state.ended = true;
  const settled = await Promise.allSettled(sent);
  for (const r of settled) if (r.status === 'rejected' && !hasSqlState(r.reason)) state.fail(r.reason, false);
  const failed = settled.find(
    (r): r is PromiseRejectedResult =>
      r.status === 'rejected' && (r.reason as { code?: string }).code !== '25P02',
  );
  if (failed) {
    // A failed statement aborted the transaction; a pipelined commit has already ended it as a rollback.
    throw failed.reason;
  }
  const aborted = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (aborted) throw aborted.reason;
  const results = settled.map((r) => (r as PromiseFulfilledResult<pg.QueryResult>).value);
  if (commit && results.at(-1)?.command !== 'COMMIT')
    throw new Error('pipelined transaction was rolled back');
  const offset = settled.length - steps.length - (commit ? 1 : 0);
  return steps.map((_, i) => results[offset + i]!.rows);
}

/** The steps one after another inside an ordinary transaction (PGlite: one connection, no round trips to save). */
function sequentialSteps(tx: Parameters<Parameters<Db['transaction']>[0]>[0]): PipelinedTransaction {
  let ended = false;
  const runAll = async (steps: Step<unknown>[], commit: boolean) => {
    if (ended) throw new Error('pipelined transaction: no statement may run after its commit');
    if (commit) ended = true;
    const rows: unknown[][] = [];
    for (const s of steps) rows.push(await s.statement(tx, s.values));
    return rows;
  };
  return {
    run: (...steps) => runAll(steps, false) as never,
    commit: (...steps) => runAll(steps, true) as never,
  };
}

/**
 * An error PostgreSQL reported for a statement, not one of the connection: it has a SQLSTATE, and not one of class 08
 * (connection exception) or 57P01–57P03 (the server ended or refuses the session).
 */
function hasSqlState(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && !/^(08|57P0[123])/.test(code);
}

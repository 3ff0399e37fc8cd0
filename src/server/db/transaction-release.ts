import { sql } from 'drizzle-orm';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import type { PgTransactionConfig } from 'drizzle-orm/pg-core';
import pg from 'pg';

/**
 * drizzle-orm 0.45.4's `NodePgSession.transaction` (what `db.transaction` runs on PostgreSQL) sends `begin` before the
 * `try … finally` that gives the pool its client back. When `begin` fails, e.g. because PostgreSQL has just ended the
 * connection (a restart, a failover, 57P01), the client is never released: the pool has one client fewer for good,
 * and after `DATABASE_POOL_SIZE` such failures every query waits for a client that never comes (and `pool.end()`
 * never finishes; this is what hung payments-db-restart.test.ts). It also hands a client whose `rollback` failed
 * back to the pool as healthy. Reported upstream (drizzle-orm issues 6023, 6114, 6241), not fixed in a release.
 *
 * `installReleasingTransactions` replaces that method, once per process, with one that:
 * - sends `begin` inside the `try`, so the client is released on every path;
 * - releases the client with the error when `begin` or `rollback` failed, so pg-pool destroys it instead of lending
 *   a broken connection again;
 * - rethrows the transaction's own error, not the failed rollback's.
 * Everything else is as drizzle does it: one pooled client per transaction, `commit` on success, `rollback` on error.
 */
type Work<T> = (tx: NodePgTransaction<Record<string, unknown>, never>) => Promise<T>;
interface SessionFields {
  client: pg.Pool | pg.PoolClient | pg.Client;
  dialect: ConstructorParameters<typeof NodePgSession>[1];
  schema: ConstructorParameters<typeof NodePgSession>[2];
  options: ConstructorParameters<typeof NodePgSession>[3];
}

let installed = false;

export function installReleasingTransactions(): void {
  if (installed) return;
  installed = true;
  const proto = NodePgSession.prototype as unknown as { transaction: unknown };
  proto.transaction = async function transaction<T>(
    this: SessionFields,
    work: Work<T>,
    config?: PgTransactionConfig,
  ): Promise<T> {
    const pooled = this.client instanceof pg.Pool;
    const client = pooled ? await (this.client as pg.Pool).connect() : this.client;
    const session = new NodePgSession(client, this.dialect, this.schema, this.options);
    const tx = new NodePgTransaction(this.dialect, session, this.schema as never);
    let broken: Error | undefined;
    let begun = false;
    try {
      await tx.execute(sql`begin`);
      begun = true;
      if (config) await tx.setTransaction(config);
      const result = await work(tx as never);
      await tx.execute(sql`commit`);
      return result;
    } catch (err) {
      if (!begun) broken = err as Error;
      else
        await tx.execute(sql`rollback`).catch((rollbackError: Error) => {
          broken = rollbackError;
        });
      throw err;
    } finally {
      if (pooled) (client as pg.PoolClient).release(broken);
    }
  };
}

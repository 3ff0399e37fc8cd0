import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client';

const dialect = new PgDialect();

/**
 * Runs a raw SQL query as a named prepared statement: on PostgreSQL each pooled connection parses and plans it
 * once per text, then only binds the parameters (after five runs PostgreSQL may keep a generic plan). The name is
 * derived from the text, so the same text always has the same name, as node-postgres requires. For hot queries
 * whose text comes in a few shapes (the member search); PGlite runs it as an ordinary query.
 */
export async function executeNamed<T>(db: Db, query: SQL, prefix: string): Promise<T[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const name = `${prefix}_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
  const result = await db._.session.prepareQuery({ sql: text, params }, undefined, name, false).execute();
  return (result as { rows: T[] }).rows;
}

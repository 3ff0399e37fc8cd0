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

/** A query builder that can be prepared under a name (drizzle's select, insert, update and delete builders). */
interface Preparable<T> {
  toSQL(): { sql: string };
  prepare(name: string): { execute(): Promise<T> };
}

/**
 * executeNamed for a drizzle query builder, keeping its result mapping. The name is derived from the text, as
 * there: the same builder can render different texts (e.g. drizzle leaves out `offset 0`), and node-postgres
 * refuses one name for two texts.
 */
export function runNamed<T>(query: Preparable<T>, prefix: string): Promise<T> {
  const name = `${prefix}_${createHash('sha1').update(query.toSQL().sql).digest('hex').slice(0, 16)}`;
  return query.prepare(name).execute();
}

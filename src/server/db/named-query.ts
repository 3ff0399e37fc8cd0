import { createHash } from 'node:crypto';
import { fillPlaceholders, getTableColumns, type InferSelectModel, type SQL, type Table } from 'drizzle-orm';
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

/** The database or a transaction of it (statements run on the transaction's own connection). */
export type Runner = Pick<Db, '_'>;

/**
 * A hot statement written once, with `sql.placeholder()`s for its values: its text is rendered on the first run
 * only, and each run binds the values to the named prepared statement on the connection of `db` (inside a
 * transaction, the transaction's). So no query building per call (drizzle's builder was a quarter of the chat
 * send's CPU) and no parse and plan per call on PostgreSQL (docs/performance.md "Chat"). PGlite runs it as an
 * ordinary query. Rows come back as the driver gives them, keyed by the SQL's column names: int8 as strings,
 * timestamps as strings; map them with Number(), `rowOf` or a column's mapFromDriverValue.
 */
export function namedStatement<Row = Record<string, unknown>>(
  name: string,
  build: () => SQL,
): NamedStatement<Row> {
  let query: { sql: string; params: unknown[] } | undefined;
  const render = () => (query ??= dialect.sqlToQuery(build()));
  const run = async (db: Runner, values: Record<string, unknown>): Promise<Row[]> => {
    const result = await db._.session.prepareQuery(render(), undefined, name, false).execute(values);
    return (result as { rows: Row[] }).rows;
  };
  return Object.assign(run, {
    step: (values: Record<string, unknown>): Step<Row> => ({
      statement: run,
      values,
      name,
      text: render().sql,
      params: fillPlaceholders(render().params, values),
    }),
  });
}

/** A named statement: run it on the database or a transaction, or make it a step of a pipelined transaction. */
export interface NamedStatement<Row> {
  (db: Runner, values: Record<string, unknown>): Promise<Row[]>;
  step(values: Record<string, unknown>): Step<Row>;
}

/**
 * One statement of a pipelined transaction (db/pipelined-transaction.ts) with its values: the statement's name,
 * text and bound parameters for the driver that pipelines, and the statement itself for the one that does not.
 */
export interface Step<Row> {
  statement: (db: Runner, values: Record<string, unknown>) => Promise<Row[]>;
  values: Record<string, unknown>;
  name: string;
  text: string;
  params: unknown[];
}

const columnLists = new WeakMap<Table, [string, ReturnType<typeof getTableColumns>[string]][]>();

/** A raw row of `table` (e.g. from `returning *` of a namedStatement) as drizzle's select would give it. */
export function rowOf<T extends Table>(table: T, row: Record<string, unknown>): InferSelectModel<T> {
  let columns = columnLists.get(table);
  if (!columns) {
    columns = Object.entries(getTableColumns(table));
    columnLists.set(table, columns);
  }
  const out: Record<string, unknown> = {};
  for (const [key, column] of columns) {
    const value = row[column.name];
    out[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return out as InferSelectModel<T>;
}

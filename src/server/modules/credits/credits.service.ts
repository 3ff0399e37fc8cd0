import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import { namedStatement } from '../../db/named-query';
import { AppError } from '../../lib/app-error';
import type { Tx } from '../accounts/accounts.repo';

/** A value in a statement: SQL or a placeholder. */
type SqlValue = SQL | Placeholder;

export interface CreditChange {
  userId: number;
  /** positive adds, negative spends */
  delta: number;
  reason: string;
  /** the same key applies the change once, however often it is replayed */
  idempotencyKey: string;
}

/** The change's values for the statements below, checked: a whole, non-zero number of credits. */
function valuesOf(change: CreditChange) {
  if (!Number.isInteger(change.delta) || change.delta === 0)
    throw new Error('credit change must be a non-zero integer');
  return { userId: change.userId, delta: change.delta, reason: change.reason, key: change.idempotencyKey };
}

/** Claims the change's idempotency key with its ledger row (balance_after is set by `applyChange` right after). */
const insertEntry = namedStatement<{ id: string }>(
  'credits_ledger_insert',
  () => sql`insert into credit_ledger (user_id, delta, balance_after, reason, idempotency_key)
    values (${sql.placeholder('userId')}, ${sql.placeholder('delta')}, 0, ${sql.placeholder('reason')},
            ${sql.placeholder('key')})
    on conflict (idempotency_key) do nothing
    returning id`,
);

/** The balance moved unless it would drop below zero, and the ledger row given its balance_after, in one statement. */
const applyChange = namedStatement<{ credits: number }>(
  'credits_apply',
  () => sql`with u as (
      update users set credits = credits + ${sql.placeholder('delta')}::int
      where id = ${sql.placeholder('userId')} and credits + ${sql.placeholder('delta')}::int >= 0
      returning credits
    )
    update credit_ledger set balance_after = u.credits from u
    where credit_ledger.id = ${sql.placeholder('entryId')}
    returning u.credits`,
);

/**
 * Moves credits inside the caller's transaction: one ledger row per movement, the balance updated with a
 * conditional UPDATE so it never drops below zero. Returns the new balance, or null when the key was applied before.
 * Two statements, both named prepared statements: the ledger row first (its unique key makes a replay a no-op, and a
 * concurrent replay waits for the first), then the balance and the row's balance_after together.
 */
export async function changeCredits(tx: Tx, change: CreditChange): Promise<number | null> {
  const [entry] = await insertEntry(tx, valuesOf(change));
  if (!entry) return null;
  const [row] = await applyChange(tx, { userId: change.userId, delta: change.delta, entryId: entry.id });
  if (!row) throw new AppError(402, 'insufficient_credits');
  return Number(row.credits);
}

/**
 * A spend as CTEs for another statement (SQL to put after `with`, or after a comma): `amount` credits of `userId`
 * when `amount` > 0, with its ledger row under `key`; the CTE `spent` holds the row's balance_after. There is no
 * condition on the balance here, unlike changeCredits: the caller has decided under the member's row lock that the
 * balance suffices, and should it not, the ledger row's check (credit_ledger_balance_nonneg) fails the whole
 * statement. So it fits a statement sent with its commit, whose result the app cannot look at before the commit
 * (db/pipelined-transaction.ts): the chat send's message statement.
 */
export function spendCtes(v: { userId: SqlValue; amount: SqlValue; reason: SqlValue; key: SqlValue }): SQL {
  return sql`spend_balance as (
      update users set credits = credits - ${v.amount}::int
      where id = ${v.userId}::bigint and ${v.amount}::int > 0
      returning credits
    ), spent as (
      insert into credit_ledger (user_id, delta, balance_after, reason, idempotency_key)
      select ${v.userId}::bigint, -${v.amount}::int, spend_balance.credits, ${v.reason}::text, ${v.key}
      from spend_balance
      returning balance_after
    )`;
}

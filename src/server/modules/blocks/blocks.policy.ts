import { and, eq, notExists, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { blocks } from '../../db/schema';
import type { Tx } from '../accounts/accounts.repo';

/** Whether `blockerId` has blocked `blockedId` (one direction only). */
export async function hasBlocked(db: Db | Tx, blockerId: number, blockedId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: blocks.blockerId })
    .from(blocks)
    .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)))
    .limit(1);
  return row !== undefined;
}

/**
 * Whether either member has blocked the other. Chat, likes and listings use this: a block in either direction
 * means the two members cannot contact each other.
 */
export async function blockedEitherWay(db: Db | Tx, a: number, b: number): Promise<boolean> {
  const [row] = await db
    .select({ id: blocks.blockerId })
    .from(blocks)
    .where(
      or(
        and(eq(blocks.blockerId, a), eq(blocks.blockedId, b)),
        and(eq(blocks.blockerId, b), eq(blocks.blockedId, a)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * SQL for listings (showcase, related members, likes lists): neither the viewer nor the member whose id is in
 * `column` has blocked the other. Two NOT EXISTS, one per direction, so the planner can hash or index-probe each
 * (one NOT EXISTS with an OR compares every row with every block of the viewer: docs/performance.md "Likes").
 */
export function notBlockedEitherWay(db: Db | Tx, viewerId: number, column: AnyPgColumn): SQL {
  const blockedBy = (blockerId: AnyPgColumn | number, blockedId: AnyPgColumn | number) =>
    notExists(
      db
        .select({ one: sql`1` })
        .from(blocks)
        .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId))),
    );
  return and(blockedBy(viewerId, column), blockedBy(column, viewerId)) as SQL;
}

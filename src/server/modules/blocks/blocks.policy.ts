import { and, eq, or } from 'drizzle-orm';
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

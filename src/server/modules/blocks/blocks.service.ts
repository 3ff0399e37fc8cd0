import type { ProfileCard } from '../../../shared/schemas/members';
import type { Db } from '../../db/client';
import type { Site } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { presentProfileCard } from '../member-profile/member-profile.presenter';
import { memberNotFound } from '../member-profile/member-profile.service';
import {
  blockTargetExists,
  deleteBlock,
  deleteConversationsBetween,
  findBlockedCards,
  insertBlock,
} from './blocks.repo';

export const cannotBlockSelf = () => new AppError(400, 'cannot_block_self');

/**
 * Blocks a member: in one transaction the block is stored and the conversation between the two members (with
 * its messages) is deleted. Blocking an already blocked member changes nothing more.
 */
export async function blockMember(db: Db, blockerId: number, blockedId: number): Promise<void> {
  if (blockerId === blockedId) throw cannotBlockSelf();
  if (!(await blockTargetExists(db, blockedId))) throw memberNotFound();
  await db.transaction(async (tx) => {
    await insertBlock(tx, blockerId, blockedId);
    await deleteConversationsBetween(tx, blockerId, blockedId);
    // When the likes feature exists, the likes between the two members (both ways) are deleted here too.
  });
}

/** Lifts a block; unblocking a member that is not blocked changes nothing. */
export async function unblockMember(db: Db, blockerId: number, blockedId: number): Promise<void> {
  await deleteBlock(db, blockerId, blockedId);
}

export async function listBlocked(
  db: Db,
  blockerId: number,
  site: Pick<Site, 'cdnPrefix' | 'visibleProfileFields'>,
): Promise<ProfileCard[]> {
  const rows = await findBlockedCards(db, blockerId);
  const opts = { cdnPrefix: site.cdnPrefix, visibleFields: site.visibleProfileFields };
  const now = new Date();
  return rows.map((r) => presentProfileCard(r, opts, now));
}

import type { Locale } from '../../../shared/locales';
import type { BlockedEntry } from '../../../shared/schemas/member-profile';
import type { Db } from '../../db/client';
import type { Site } from '../../db/schema';
import { translate } from '../../i18n/translate';
import { AppError } from '../../lib/app-error';
import type { SessionWithUser } from '../auth/sessions.repo';
import { deleteLikesBetween } from '../likes/likes.repo';
import { memberAccess } from '../member-profile/member-profile.policy';
import { presentProfileCard } from '../member-profile/member-profile.presenter';
import { accessToMember, memberNotFound } from '../member-profile/member-profile.service';
import {
  type BlockedRow,
  deleteBlock,
  deleteBlockByHandle,
  deleteConversationsBetween,
  findBlockedRows,
  insertBlock,
  lockMemberPair,
} from './blocks.repo';

export const cannotBlockSelf = () => new AppError(400, 'cannot_block_self');

/**
 * Blocks a member: in one transaction the block is stored, and the conversation between the two members (with
 * its messages) and their likes both ways are deleted. Blocking an already blocked member changes nothing more. A member the blocker may not
 * see (member-profile.policy: unknown, deleted, unconfirmed, disabled, invisible without contact) answers exactly
 * like an unknown id; a member who blocked the blocker may be blocked back.
 */
export async function blockMember(
  db: Db,
  blocker: Pick<SessionWithUser, 'user'>,
  blockedId: number,
): Promise<void> {
  const blockerId = blocker.user.id;
  if (blockerId === blockedId) throw cannotBlockSelf();
  const { access } = await accessToMember(db, blocker, blockedId);
  if (access === 'not_found') throw memberNotFound();
  await db.transaction(async (tx) => {
    await lockMemberPair(tx, blockerId, blockedId);
    await insertBlock(tx, blockerId, blockedId);
    await deleteConversationsBetween(tx, blockerId, blockedId);
    await deleteLikesBetween(tx, blockerId, blockedId);
  });
}

/**
 * Lifts a block, named by the member's id or by the handle of its blocked-list entry; unblocking a member that is
 * not blocked changes nothing (and says nothing about the member).
 */
export async function unblockMember(
  db: Db,
  blockerId: number,
  target: { id: number } | { handle: string },
): Promise<number[]> {
  if ('id' in target) return deleteBlock(db, blockerId, target.id);
  return deleteBlockByHandle(db, blockerId, target.handle);
}

/** Whether the blocker may see the blocked member now, by the member-profile rules. */
function visibleNow(row: BlockedRow, blockerId: number): boolean {
  if (row.profileStatus === null) return false;
  return (
    memberAccess(
      {
        userStatus: row.userStatus,
        profileStatus: row.profileStatus,
        invisible: row.invisible ?? true,
        blockedViewer: row.blockedViewer,
      },
      { viewerId: blockerId, premium: false, isOwner: false, hasConversation: row.hasContact },
    ) === 'visible'
  );
}

/**
 * The blocked list: a card for each member the blocker may see now; for every other block (the member is hidden,
 * unconfirmed, deleted or blocked the blocker) only the handle and a translated label, so the block can be undone.
 */
export async function listBlocked(
  db: Db,
  blockerId: number,
  site: Pick<Site, 'cdnPrefix' | 'visibleProfileFields'>,
  locale: Locale,
): Promise<BlockedEntry[]> {
  const rows = await findBlockedRows(db, blockerId);
  const opts = { cdnPrefix: site.cdnPrefix, visibleFields: site.visibleProfileFields };
  const now = new Date();
  return rows.map((r): BlockedEntry => {
    if (!visibleNow(r, blockerId) || r.name === null || r.birthDate === null || r.country === null)
      return { hidden: true, handle: r.handle, label: translate(locale, 'blocked_list.hidden_member') };
    const card = {
      ...r,
      name: r.name,
      birthDate: r.birthDate,
      country: r.country,
      fictional: r.fictional ?? false,
      kind: r.kind ?? undefined,
    };
    return { hidden: false, handle: r.handle, ...presentProfileCard(card, opts, now) };
  });
}

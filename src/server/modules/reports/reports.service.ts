import { and, eq } from 'drizzle-orm';
import type { ReportRequest } from '../../../shared/schemas/reports';
import type { Db } from '../../db/client';
import { conversationMembers, messages, photos, reports } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { SessionWithUser } from '../auth/sessions.repo';
import { blockMember } from '../blocks/blocks.service';
import { accessToMember, memberNotFound } from '../member-profile/member-profile.service';
import { takeSnapshot } from './evidence';

/**
 * Reports a member for moderation (stored; moderators read the open reports). A member may report whom they can
 * see, and anyone they have a conversation with (also when that member is hidden now). With `block`, the member is
 * blocked in the same call. Returns the conversation the report came from (blocking removed it), if any.
 */
export async function reportMember(
  db: Db,
  reporter: Pick<SessionWithUser, 'user'>,
  req: ReportRequest,
): Promise<{ blocked: boolean; conversationId: number | null }> {
  const reporterId = reporter.user.id;
  if (req.member === reporterId) throw new AppError(400, 'cannot_report_self');
  const [{ access }, [side]] = await Promise.all([
    accessToMember(db, reporter, req.member),
    db
      .select({ conversationId: conversationMembers.conversationId })
      .from(conversationMembers)
      .where(and(eq(conversationMembers.userId, reporterId), eq(conversationMembers.partnerId, req.member))),
  ]);
  if (access === 'not_found' && !side) throw memberNotFound();
  const conversationId = side?.conversationId ?? null;
  await assertTargetOf(db, req, conversationId);
  const snapshot = await takeSnapshot(db, { memberId: req.member, conversationId, messageId: req.message });
  await db.insert(reports).values({
    siteId: reporter.user.siteId,
    reporterId,
    reportedId: req.member,
    target: req.photo ? 'photo' : req.message ? 'message' : 'profile',
    photoId: req.photo ?? null,
    messageId: req.message ?? null,
    reason: req.reason,
    comment: req.comment,
    source: req.source,
    conversationId,
    snapshot,
  });
  if (req.block && access !== 'not_found') await blockMember(db, reporter, req.member);
  return { blocked: req.block && access !== 'not_found', conversationId: side?.conversationId ?? null };
}

/** A reported photo must be the member's, a reported message one the member sent in the reporter's conversation. */
async function assertTargetOf(db: Db, req: ReportRequest, conversationId: number | null): Promise<void> {
  if (req.photo) {
    const [photo] = await db
      .select({ id: photos.id })
      .from(photos)
      .where(and(eq(photos.id, req.photo), eq(photos.userId, req.member)));
    if (!photo) throw new AppError(404, 'not_found');
  }
  if (req.message) {
    const [message] = conversationId
      ? await db
          .select({ id: messages.id })
          .from(messages)
          .where(
            and(
              eq(messages.id, req.message),
              eq(messages.senderId, req.member),
              eq(messages.conversationId, conversationId),
            ),
          )
      : [];
    if (!message) throw new AppError(404, 'message_not_found');
  }
}

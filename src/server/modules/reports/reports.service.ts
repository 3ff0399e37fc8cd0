import { and, eq } from 'drizzle-orm';
import type { ReportRequest } from '../../../shared/schemas/reports';
import type { Db } from '../../db/client';
import { conversationMembers, reports } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { SessionWithUser } from '../auth/sessions.repo';
import { blockMember } from '../blocks/blocks.service';
import { accessToMember, memberNotFound } from '../member-profile/member-profile.service';

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
  await db.insert(reports).values({
    reporterId,
    reportedId: req.member,
    reason: req.reason,
    comment: req.comment,
    source: req.source,
    conversationId: side?.conversationId ?? null,
  });
  if (req.block && access !== 'not_found') await blockMember(db, reporter, req.member);
  return { blocked: req.block && access !== 'not_found', conversationId: side?.conversationId ?? null };
}

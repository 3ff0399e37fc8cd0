import { and, eq } from 'drizzle-orm';
import type { AdminReportAction, ReportAction } from '../../../shared/schemas/admin-reports';
import { type DecisionKind, groundOf } from '../../../shared/schemas/moderation';
import type { Db } from '../../db/client';
import { profiles, type Report, reports, sites, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Tx } from '../accounts/accounts.repo';
import { formatDate, localeOf, plainModerationMail } from '../decisions/decision-mail';
import { restrictMember } from '../decisions/decisions.service';
import { enqueueMail } from '../outbox/outbox.repo';
import { recordStaffAction } from '../staff/staff-audit';

const KIND_OF: Record<Exclude<ReportAction, 'dismiss'>, DecisionKind> = {
  warn: 'warning',
  hide_photo: 'photo_hidden',
  remove_message: 'message_removed',
  suspend: 'suspension',
  ban: 'ban',
};

export interface HandledReport {
  decisionId: number | null;
  memberId: number | null;
  revokedSessionIds: number[];
}

/**
 * A moderator acts on an open notice, in one transaction: the notice is claimed (a second moderator acting on the
 * same notice at the same time gets 409 already_handled), the decision made through restrictMember (statement of
 * reasons to the member), the action audited, and the reporter told it was handled (no details about the other).
 */
export async function handleReport(
  db: Db,
  staff: { id: number },
  input: AdminReportAction,
): Promise<HandledReport> {
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(reports)
      .set({
        status: 'handled',
        resolution: input.action === 'dismiss' ? 'dismissed' : 'actioned',
        handledAt: new Date(),
        handledBy: staff.id,
      })
      .where(and(eq(reports.id, input.id), eq(reports.status, 'open')))
      .returning();
    if (!claimed) {
      const [exists] = await tx.select({ id: reports.id }).from(reports).where(eq(reports.id, input.id));
      throw exists
        ? new AppError(409, 'already_handled', 'moderation.errors.already_handled')
        : new AppError(404, 'not_found');
    }
    let result: HandledReport = { decisionId: null, memberId: claimed.reportedId, revokedSessionIds: [] };
    if (input.action !== 'dismiss') {
      if (claimed.reportedId === null) throw new AppError(409, 'member_not_found');
      const photoId = input.photo ?? claimed.photoId ?? undefined;
      const messageId = input.message ?? claimed.messageId ?? undefined;
      if (input.action === 'hide_photo' && !photoId) throw new AppError(400, 'validation_failed');
      if (input.action === 'remove_message' && !messageId) throw new AppError(400, 'validation_failed');
      const r = await restrictMember(tx, {
        memberId: claimed.reportedId,
        staffId: staff.id,
        kind: KIND_OF[input.action],
        ground: groundOf(input.ground!),
        facts: input.facts,
        automated: false,
        content:
          input.action === 'hide_photo'
            ? { photoId }
            : input.action === 'remove_message'
              ? { messageId }
              : {},
        until: input.action === 'suspend' ? new Date(Date.now() + input.days! * 86_400_000) : null,
        reportId: claimed.id,
      });
      await tx.update(reports).set({ decisionId: r.decisionId }).where(eq(reports.id, claimed.id));
      result = { ...r };
    }
    await recordStaffAction(tx, staff.id, {
      action: `report.${input.action}`,
      targetType: 'report',
      targetId: claimed.id,
      before: { status: 'open', reported: claimed.reportedId },
      after: {
        status: 'handled',
        resolution: claimed.resolution,
        decision: result.decisionId,
        ground: input.ground ?? null,
        days: input.days ?? null,
      },
      siteId: claimed.siteId,
    });
    await tellReporter(tx, claimed);
    return result;
  });
}

/** "Your report was handled", in the reporter's language, to the member or the complaint's address. */
async function tellReporter(tx: Tx, report: Report): Promise<void> {
  let to: { email: string; name: string; language: string } | undefined;
  let siteId = report.siteId;
  if (report.reporterId !== null) {
    const [m] = await tx
      .select({ user: users, name: profiles.name })
      .from(users)
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .where(eq(users.id, report.reporterId));
    if (m && !m.user.purgedAt) {
      to = { email: m.user.email, name: m.name ?? '', language: m.user.language };
      siteId = m.user.siteId;
    }
  }
  if (!to && report.reporterEmail)
    to = {
      email: report.reporterEmail,
      name: report.reporterName ?? '',
      language: report.reporterLanguage ?? 'en',
    };
  if (!to || siteId === null) return;
  const [site] = await tx.select().from(sites).where(eq(sites.id, siteId));
  if (!site) return;
  await enqueueMail(
    tx,
    report.reporterId,
    plainModerationMail(site, to, 'report_handled', {
      date: formatDate(localeOf(to.language), report.createdAt),
    }),
  );
}

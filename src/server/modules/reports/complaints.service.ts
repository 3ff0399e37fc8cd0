import { eq } from 'drizzle-orm';
import type { Locale } from '../../../shared/locales';
import type { ComplaintRequest } from '../../../shared/schemas/reports';
import type { Db } from '../../db/client';
import { reports, type Site, users } from '../../db/schema';
import { plainModerationMail } from '../decisions/decision-mail';
import { enqueueMail } from '../outbox/outbox.repo';
import { takeSnapshot } from './evidence';

/**
 * Stores a notice of the /complaints form (DSA Art. 16) in the one queue, with the evidence of a named member, and
 * acknowledges it by e-mail in the sender's language (Art. 16(4)). A signed-in member is its reporter too.
 */
export async function submitComplaint(
  db: Db,
  site: Site,
  sender: { memberId: number | null; locale: Locale },
  req: ComplaintRequest,
): Promise<number> {
  const [member] = req.member
    ? await db.select({ id: users.id }).from(users).where(eq(users.id, req.member))
    : [];
  const reportedId = member?.id ?? null;
  const snapshot = await takeSnapshot(db, { memberId: reportedId, conversationId: null });
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(reports)
      .values({
        siteId: site.id,
        reporterId: sender.memberId,
        reporterName: req.name,
        reporterEmail: req.email.toLowerCase(),
        reporterLanguage: sender.locale,
        reportedId,
        target: reportedId ? 'profile' : 'url',
        url: req.url || (req.member && !reportedId ? `member ${req.member}` : null),
        reason: req.reason,
        comment: req.statement,
        source: 'complaint',
        goodFaith: req.good_faith,
        snapshot,
      })
      .returning({ id: reports.id });
    const id = row!.id;
    await enqueueMail(
      tx,
      sender.memberId,
      plainModerationMail(
        site,
        { email: req.email, name: req.name, language: sender.locale },
        'complaint_received',
        {
          id,
        },
      ),
    );
    return id;
  });
}

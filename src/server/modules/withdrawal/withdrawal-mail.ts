import { eq } from 'drizzle-orm';
import { isLocale, type Locale } from '../../../shared/locales';
import { type payments, profiles, sites, users } from '../../db/schema';
import { translate } from '../../i18n/translate';
import { buildAccountMail, type LinkBase, siteOrigin } from '../accounts/account-mail';
import type { Tx } from '../accounts/accounts.repo';
import { enqueueMail } from '../outbox/outbox.repo';
import { formatMoney } from '../payments/receipt';
import type { WithdrawalRow } from './withdrawal.repo';

type PaymentRow = typeof payments.$inferSelect;

/** A moment with its date, time and zone, as the member's language writes it (the acknowledgment's "date and time"). */
export function formatMoment(at: Date, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'long', timeZone: 'UTC' }).format(
    at,
  );
}

/**
 * The acknowledgment of a withdrawal on a durable medium (Consumer Rights Directive Art. 11a): an e-mail in the
 * member's language, queued in the transaction that records the withdrawal (so it is sent once, by the outbox),
 * naming the date and time it was received, the purchase, the credits taken back and the refund.
 */
export async function enqueueWithdrawalAck(
  tx: Tx,
  payment: PaymentRow,
  withdrawal: WithdrawalRow,
  links: LinkBase,
): Promise<void> {
  const [row] = await tx
    .select({ user: users, name: profiles.name, site: sites })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .innerJoin(sites, eq(sites.id, users.siteId))
    .where(eq(users.id, payment.userId));
  if (!row || row.user.status === 'deleted') return;
  const locale: Locale = isLocale(row.user.language) ? row.user.language : 'en';
  const t = (key: string, vars: Record<string, string | number> = {}) =>
    translate(locale, `mail.withdrawal.rows.${key}`, vars);
  const money = (minor: number) => formatMoney(minor, payment.currency, locale);
  const received = formatMoment(withdrawal.requestedAt, locale);
  const rows: [string, string][] = [
    [t('received'), received],
    [t('purchase'), t('credits', { count: payment.credits })],
    [t('reference'), `#${payment.id}`],
    [t('paid_at'), formatMoment(payment.paidAt ?? payment.createdAt, locale)],
    [t('amount'), money(payment.amountMinor)],
    [t('credits_taken'), t('credits', { count: withdrawal.creditsTaken })],
    [t('refund'), money(withdrawal.refundMinor)],
  ];
  await enqueueMail(
    tx,
    payment.userId,
    buildAccountMail(
      'withdrawal',
      row.site,
      { email: row.user.email, name: row.name, language: locale },
      `${siteOrigin(row.site, links)}/transactions/${payment.id}`,
      {
        received,
        reference: `#${payment.id}`,
        refund: money(withdrawal.refundMinor),
      },
      rows,
    ),
  );
}

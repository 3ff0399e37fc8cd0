import { eq } from 'drizzle-orm';
import { isLocale, type Locale } from '../../../shared/locales';
import { WITHDRAWAL_RULES } from '../../../shared/rules';
import { companies, type payments, profiles, sites, users } from '../../db/schema';
import { translate } from '../../i18n/translate';
import { buildAccountMail, type LinkBase, siteOrigin } from '../accounts/account-mail';
import type { Tx } from '../accounts/accounts.repo';
import { enqueueMail } from '../outbox/outbox.repo';

type PaymentRow = typeof payments.$inferSelect;

/**
 * Where links in receipts point (set when the app registers its routes: withdrawal.routes). Unset (a script), a
 * receipt has no link.
 */
let receiptLinks: LinkBase | undefined;
export function configureReceiptLinks(links: LinkBase): void {
  receiptLinks = links;
}

/** An amount in minor units as the member's locale writes it. */
export function formatMoney(minor: number, currency: string, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(minor / 100);
}

/**
 * Queues the receipt of a paid payment, in the member's language, in the transaction that marks it paid (so it is
 * sent once, by the outbox): the bundle, amount, VAT with its rate, method, date, reference, and the company's name,
 * address and VAT number.
 */
export async function enqueueReceipt(tx: Tx, payment: PaymentRow, vatRateBp: number | null): Promise<void> {
  const [row] = await tx
    .select({ user: users, name: profiles.name, site: sites, company: companies })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .innerJoin(sites, eq(sites.id, users.siteId))
    .innerJoin(companies, eq(companies.id, sites.companyId))
    .where(eq(users.id, payment.userId));
  if (!row || row.user.status === 'deleted') return;
  const locale: Locale = isLocale(row.user.language) ? row.user.language : 'en';
  const t = (key: string, vars: Record<string, string | number> = {}) =>
    translate(locale, `mail.receipt.rows.${key}`, vars);
  const money = (minor: number) => formatMoney(minor, payment.currency, locale);
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
    payment.paidAt ?? new Date(),
  );
  const c = row.company;
  const rows: [string, string][] = [
    [t('item'), t('credits', { count: payment.credits })],
    [t('amount'), money(payment.amountMinor)],
    [
      vatRateBp === null
        ? t('vat')
        : t('vat_rate', { rate: new Intl.NumberFormat(locale).format(vatRateBp / 100) }),
      money(payment.vatMinor),
    ],
    [t('method'), payment.method],
    [t('date'), date],
    [t('reference'), `#${payment.id}`],
    [t('seller'), `${c.name}, ${c.address}, ${c.city}, ${c.country}`],
    [t('vat_number'), c.vatNumbers.join(', ') || '—'],
  ];
  // The withdrawal function of this purchase (issue 23, point 3): /transactions opens its confirmation step.
  const link = receiptLinks
    ? `${siteOrigin(row.site, receiptLinks)}/transactions?withdraw=${payment.id}`
    : undefined;
  await enqueueMail(
    tx,
    payment.userId,
    buildAccountMail(
      'receipt',
      row.site,
      { email: row.user.email, name: row.name, language: locale },
      link,
      {
        credits: payment.credits,
        amount: money(payment.amountMinor),
        days: Math.max(WITHDRAWAL_RULES.days, row.site.refundDays),
      },
      rows,
    ),
  );
}

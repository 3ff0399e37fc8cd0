import { isLocale, type Locale } from '../../../shared/locales';
import type { Company, payments, Site } from '../../db/schema';
import { translate } from '../../i18n/translate';
import { buildAccountMail } from '../accounts/account-mail';
import type { Tx } from '../accounts/accounts.repo';
import { enqueueMail } from '../outbox/outbox.repo';
import { formatMoney } from '../payments/receipt';

type PaymentRow = typeof payments.$inferSelect;

export interface PreNotification {
  site: Site;
  company: Company;
  member: { id: number; email: string; name: string; language: string };
  payment: PaymentRow;
  mandateReference: string;
  ibanMasked: string;
  accountHolder: string;
  /** YYYY-MM-DD */
  debitDate: string;
  /** YYYY-MM-DD: by when the credits arrive (the provider marks a SEPA debit paid days after collecting it) */
  creditsDate: string;
  /** YYYY-MM-DD */
  signatureDate: string;
}

/** A YYYY-MM-DD date as the member's locale writes it in full. */
export function formatDay(day: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

/**
 * The confirmation mail of a direct debit, which is its SEPA pre-notification: the amount, the debit date, the
 * mandate reference and the creditor identifier, the day by which the credits arrive (and who collects, for whom, from which account, masked). Queued in
 * the transaction that confirms the request, so it is sent once.
 */
export async function enqueuePreNotification(tx: Tx, n: PreNotification): Promise<void> {
  const locale: Locale = isLocale(n.member.language) ? n.member.language : 'en';
  const t = (key: string, vars: Record<string, string | number> = {}) =>
    translate(locale, `mail.directdebit_confirmation.rows.${key}`, vars);
  const amount = formatMoney(n.payment.amountMinor, n.payment.currency, locale);
  const creditsText = translate(locale, 'mail.receipt.rows.credits', { count: n.payment.credits });
  const date = formatDay(n.debitDate, locale);
  const c = n.company;
  const rows: [string, string][] = [
    [t('item'), creditsText],
    [t('amount'), amount],
    [t('debit_date'), date],
    [t('credits_date'), formatDay(n.creditsDate, locale)],
    [t('mandate_reference'), n.mandateReference],
    [t('creditor'), c.sepaCreditorName],
    [t('creditor_id'), c.sepaCreditorId],
    [t('on_behalf_of'), `${c.name}, ${c.address}, ${c.city}, ${c.country}`],
    [t('account_holder'), n.accountHolder],
    [t('account'), n.ibanMasked],
    [t('signed'), formatDay(n.signatureDate, locale)],
    [t('payment_reference'), `#${n.payment.id}`],
  ];
  await enqueueMail(
    tx,
    n.member.id,
    buildAccountMail(
      'directdebit_confirmation',
      n.site,
      { email: n.member.email, name: n.member.name, language: locale },
      undefined,
      { amount, date, creditsText },
      rows,
    ),
  );
}

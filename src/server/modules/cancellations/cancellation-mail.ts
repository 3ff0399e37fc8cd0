import { isLocale, type Locale } from '../../../shared/locales';
import { CANCEL_RULES } from '../../../shared/rules';
import type { Site } from '../../db/schema';
import { translate } from '../../i18n/translate';
import { buildAccountMail, type LinkBase, siteOrigin } from '../accounts/account-mail';
import type { Tx } from '../accounts/accounts.repo';
import { enqueueMail } from '../outbox/outbox.repo';
import type { CancellationRow } from './cancellations.repo';

/** A moment with date, time and zone as the reader's language writes it (the acknowledgment's "date and time"). */
export function formatInstant(at: Date, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'long', timeZone: 'UTC' }).format(
    at,
  );
}

const formatDate = (day: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

export interface CancelMailTo {
  userId: number;
  email: string;
  /** the profile's name, for the greeting ('' when unknown) */
  name: string;
}

function texts(row: CancellationRow) {
  const locale: Locale = isLocale(row.language) ? row.language : 'en';
  const t = (key: string, vars: Record<string, string | number> = {}) =>
    translate(locale, `mail.cancel.rows.${key}`, vars);
  const received = formatInstant(row.receivedAt, locale);
  const contract = t(`contract_${row.contract}`);
  const effective = row.requestedDate
    ? t('effective_date', { date: formatDate(row.requestedDate, locale) })
    : t('effective_now');
  return { locale, t, received, contract, effective };
}

/**
 * The mail with the confirmation link (a visitor's cancellation): names what was declared and when, so the member can
 * see it was received even before confirming; the link opens /cancel with the token, where one button confirms.
 */
export async function enqueueConfirmLink(
  tx: Tx,
  site: Site,
  links: LinkBase,
  to: CancelMailTo,
  row: CancellationRow,
  token: string,
): Promise<void> {
  const { locale, t, received, contract, effective } = texts(row);
  await enqueueMail(
    tx,
    to.userId,
    buildAccountMail(
      'cancel_confirm',
      site,
      { email: to.email, name: to.name, language: locale },
      `${siteOrigin(site, links)}/cancel?token=${token}`,
      { received, contract, effective, hours: CANCEL_RULES.linkHours },
      [
        [t('received'), received],
        [t('contract'), contract],
        [t('effective'), effective],
      ],
    ),
  );
}

/**
 * The acknowledgment on a durable medium (BGB §312k (4)): the date and time the cancellation was received, what it
 * covers, when it takes effect and how many payment authorisations it stopped. Queued in the confirming transaction,
 * so it is sent once.
 */
export async function enqueueAcknowledgment(
  tx: Tx,
  site: Site,
  to: CancelMailTo,
  row: CancellationRow,
): Promise<void> {
  const { locale, t, received, contract, effective } = texts(row);
  const stopped = row.mandatesStopped ? t('stopped', { count: row.mandatesStopped }) : t('stopped_none');
  const rows: [string, string][] = [
    [t('received'), received],
    [t('contract'), contract],
    [t('effective'), effective],
    [t('stopped_label'), stopped],
  ];
  if (row.reason) rows.push([t('reason'), row.reason]);
  await enqueueMail(
    tx,
    to.userId,
    buildAccountMail(
      'cancel_done',
      site,
      { email: to.email, name: to.name, language: locale },
      undefined,
      { received, contract, effective },
      rows,
    ),
  );
}

import { isLocale, type Locale } from '../../../shared/locales';
import { type DecisionKind, type Ground, groundKey } from '../../../shared/schemas/moderation';
import type { Site } from '../../db/schema';
import { translate } from '../../i18n/translate';
import type { MailMessage } from '../../lib/mail/mailer';
import { buildAccountMail, type LinkBase, siteOrigin } from '../accounts/account-mail';

/** Links of the mails (the ban page, the appeal form); set once by the decisions plugin (app.ts). */
let links: LinkBase = { publicUrl: 'http://localhost:3000', defaultSiteDomain: 'localhost' };
export function setDecisionLinks(base: LinkBase): void {
  links = base;
}

export const localeOf = (language: string | null | undefined): Locale =>
  language && isLocale(language) ? language : 'en';

/** A date as the member reads it in their language (day, month, year, and the time for a suspension's end). */
export function formatDate(locale: Locale, date: Date, withTime = false): string {
  return new Intl.DateTimeFormat(locale, {
    dateStyle: 'long',
    ...(withTime ? { timeStyle: 'short' } : {}),
    timeZone: 'Europe/Amsterdam',
  }).format(date);
}

/** The ban page of the member's site: the statement of reasons and the appeal form, opened with a token. */
export const banPageLink = (site: Site, token: string) =>
  `${siteOrigin(site, links)}/pages/ban?t=${encodeURIComponent(token)}`;

interface Recipient {
  email: string;
  name: string;
  language: string;
}

/**
 * The statement of reasons (DSA Art. 17(3)): what was decided, the facts, the ground (named), whether automated
 * means were used, until when, and how to appeal (by when, free, another person decides).
 */
export function statementMail(
  site: Site,
  to: Recipient,
  d: {
    kind: DecisionKind;
    ground: Ground;
    facts: string;
    automated: boolean;
    until: Date | null;
    deadline: Date;
  },
  token: string,
): MailMessage {
  const locale = localeOf(to.language);
  const t = (key: string, vars: Record<string, string | number> = {}) =>
    translate(locale, `moderation.${key}`, { siteName: site.name, ...vars });
  const until = d.until ? formatDate(locale, d.until, true) : '';
  const deadline = formatDate(locale, d.deadline);
  const rows: [string, string][] = [
    [t('statement.decision'), t(`kind.${d.kind}`)],
    [t('statement.facts'), d.facts],
    [t('statement.ground'), t(groundKey(d.ground.ref))],
    [t('statement.automated'), t(d.automated ? 'statement.automated_yes' : 'statement.automated_no')],
    ...(d.kind === 'suspension' || d.kind === 'visibility_reduced'
      ? [[t('statement.until'), until || t('statement.until_never')] as [string, string]]
      : []),
    [t('statement.appeal_by'), deadline],
  ];
  return buildAccountMail('moderation', site, to, banPageLink(site, token), {}, rows, undefined, {
    subject: t('mail.statement.subject'),
    intro: t(`mail.statement.intro_${d.kind}`, { until }),
    button: t('mail.statement.button'),
    outro: t('mail.statement.outro', { deadline }),
  });
}

/** A mail of the moderation namespace without a link: mail.<key>.subject / intro / outro. */
export function plainModerationMail(
  site: Site,
  to: Recipient,
  key: 'report_handled' | 'complaint_received' | 'appeal_upheld' | 'appeal_reversed',
  vars: Record<string, string | number> = {},
): MailMessage {
  const locale = localeOf(to.language);
  const t = (part: string) =>
    translate(locale, `moderation.mail.${key}.${part}`, { siteName: site.name, ...vars });
  return buildAccountMail('moderation', site, to, undefined, {}, undefined, undefined, {
    subject: t('subject'),
    intro: t('intro'),
    outro: t('outro'),
  });
}

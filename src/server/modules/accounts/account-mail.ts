import type { Locale } from '../../../shared/locales';
import { isLocale } from '../../../shared/locales';
import type { Site } from '../../db/schema';
import type { MailMessage } from '../../lib/mail/mailer';
import { type MailContext, type MailKind, renderMail } from '../../lib/mail/templates';

export interface LinkBase {
  /** The public URL of the embedded/default site (config.publicUrl). */
  publicUrl: string;
  defaultSiteDomain: string;
}

/**
 * Links in mails point at the member's site: the configured public URL for the default site, https://<domain>
 * otherwise; a site on a sub-domain of the default one (the demo network's gay.localhost) keeps the public URL's
 * scheme and port.
 */
export function siteOrigin(site: Pick<Site, 'domain'>, base: LinkBase): string {
  if (site.domain === base.defaultSiteDomain) return base.publicUrl;
  if (site.domain.endsWith(`.${base.defaultSiteDomain}`)) {
    const url = new URL(base.publicUrl);
    url.hostname = site.domain;
    return url.origin;
  }
  return `https://${site.domain}`;
}

export function buildAccountMail(
  kind: MailKind,
  site: Site,
  to: { email: string; name: string; language: string },
  link: string | undefined,
  vars: Record<string, string | number> = {},
  rows?: readonly (readonly [string, string])[],
  footerLinks?: readonly { label: string; url: string }[],
  literal?: MailContext['literal'],
  preheader?: string,
): MailMessage {
  const locale: Locale = isLocale(to.language) ? to.language : 'en';
  const rendered = renderMail(kind, {
    locale,
    siteName: site.name,
    mailName: site.mailName,
    supportEmail: site.supportEmail,
    name: to.name,
    link,
    vars,
    rows,
    footerLinks,
    literal,
    preheader,
  });
  const fromDomain = site.domain.includes('.') ? site.domain : 'localhost';
  return { to: to.email, from: `"${site.mailName.replace(/"/g, '')}" <noreply@${fromDomain}>`, ...rendered };
}

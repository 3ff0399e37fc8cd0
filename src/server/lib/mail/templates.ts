import type { Locale } from '../../../shared/locales';
import type { NotificationType } from '../../../shared/rules';
import { translate } from '../../i18n/translate';

export type MailKind =
  | 'activation'
  | 'password_reset'
  | 'mail_change'
  | 'account_deleted'
  | 'password_changed'
  | 'receipt'
  /** the acknowledgment of a withdrawal from a purchase (modules/withdrawal) */
  | 'withdrawal'
  /** the cancel button (modules/cancellations): the confirmation link, and the acknowledgment */
  | 'cancel_confirm'
  | 'cancel_done'
  /** the SEPA pre-notification of a direct debit (modules/directdebit) */
  | 'directdebit_confirmation'
  /** a member's data export is ready to download (modules/data-export) */
  | 'data_export_ready'
  /** an admin's invitation of a new staff member (modules/staff) */
  | 'staff_invite'
  /** moderation mails (modules/decisions): the texts come from the shared moderation namespace, as `literal` */
  | 'moderation'
  /** a notification (issue 13): notify_<type>, or notify_reminders_<kind> for a reminder of one kind */
  | `notify_${NotificationType | `reminders_${string}`}`
  /** a notification in discreet mode (issue 23): neutral, about a message or anything else */
  | 'notify_discreet_message'
  | 'notify_discreet_other';

export interface MailContext {
  locale: Locale;
  siteName: string;
  mailName: string;
  supportEmail: string;
  /** The recipient's profile name ('' when unknown): only the greeting says it, as `{{recipient}}`. */
  name: string;
  /** The call-to-action address (activation link, reset link, ...). */
  link?: string;
  /** The texts' variables; `name` is the other member a notification is about (never the recipient). */
  vars?: Record<string, string | number>;
  /** A table of label and value under the intro (a receipt's lines); labels are already translated. */
  rows?: readonly (readonly [string, string])[];
  /** texts written by an operator for this mail (news and promotions), used instead of the catalog's */
  literal?: Partial<Record<'subject' | 'intro' | 'button' | 'outro', string>>;
  /** links under the footer (notification mails: the preferences and the one-click unsubscribe); labels translated */
  footerLinks?: readonly { label: string; url: string }[];
  /**
   * The preview line mail clients show beside the subject (a hidden first line of the HTML); discreet mode sets a
   * neutral one, so the preview never shows the other member's name or a message.
   */
  preheader?: string | undefined;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Renders a transactional mail in the member's language: an HTML and a plain-text version. */
export function renderMail(
  kind: MailKind,
  ctx: MailContext,
): { subject: string; html: string; text: string } {
  // The recipient is set last, so no variable of a text (a liker's or sender's `name`) can take its place.
  const vars = {
    siteName: ctx.siteName,
    supportEmail: ctx.supportEmail,
    ...ctx.vars,
    recipient: ctx.name.trim(),
  };
  const t = (key: 'subject' | 'intro' | 'button' | 'outro') =>
    ctx.literal?.[key] ?? translate(ctx.locale, `mail.${kind}.${key}`, vars);
  const subject = t('subject');
  const greeting = translate(ctx.locale, vars.recipient ? 'mail.greeting' : 'mail.greeting_unnamed', vars);
  const button = ctx.link ? t('button') : undefined; // mails without a link have no button text
  const footer = translate(ctx.locale, 'mail.footer', vars);
  const linkHint = ctx.link ? translate(ctx.locale, 'mail.link_hint', vars) : '';

  const text = [
    greeting,
    '',
    t('intro'),
    ...(ctx.rows ? ['', ...ctx.rows.map(([label, value]) => `${label}: ${value}`)] : []),
    ...(ctx.link ? ['', `${button}: ${ctx.link}`] : []),
    '',
    t('outro'),
    '',
    '—',
    footer,
    ...(ctx.footerLinks ?? []).map((l) => `${l.label}: ${l.url}`),
  ].join('\n');

  const html = `<!doctype html><html lang="${ctx.locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#fff5f3;font-family:Arial,Helvetica,sans-serif;color:#2b2130">
${ctx.preheader ? `<div style="display:none;max-height:0;overflow:hidden;mso-hide:all">${escapeHtml(ctx.preheader)}</div>\n` : ''}<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="background:#fff5f3;padding:24px 0"><tr><td align="center">
<table role="presentation" width="560" cellspacing="0" cellpadding="0" style="max-width:560px;width:100%;background:#ffffff;border-radius:16px;overflow:hidden">
<tr><td style="background:#f0645a;padding:20px 28px;color:#ffffff;font-size:22px;font-weight:bold">&#9829; ${escapeHtml(ctx.siteName)}</td></tr>
<tr><td style="padding:28px;font-size:16px;line-height:1.6">
<p style="margin:0 0 16px">${escapeHtml(greeting)}</p>
<p style="margin:0 0 16px">${escapeHtml(t('intro'))}</p>
${
  ctx.rows
    ? `<table role="presentation" width="100%" cellspacing="0" cellpadding="6" style="border-collapse:collapse;margin:0 0 16px;font-size:14px">${ctx.rows
        .map(
          ([label, value]) =>
            `<tr><td style="border-bottom:1px solid #eee;color:#6b5f70">${escapeHtml(label)}</td><td style="border-bottom:1px solid #eee;text-align:right">${escapeHtml(value)}</td></tr>`,
        )
        .join('')}</table>`
    : ''
}
${
  ctx.link && button
    ? `<p style="margin:24px 0"><a href="${escapeHtml(ctx.link)}" style="background:#f0645a;color:#ffffff;text-decoration:none;padding:12px 24px;border-radius:999px;font-weight:bold;display:inline-block">${escapeHtml(button)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#6b5f70">${escapeHtml(linkHint)}<br><a href="${escapeHtml(ctx.link)}" style="color:#b8433b;word-break:break-all">${escapeHtml(ctx.link)}</a></p>`
    : ''
}
<p style="margin:0 0 16px">${escapeHtml(t('outro'))}</p>
</td></tr>
<tr><td style="padding:16px 28px;background:#faf3f2;font-size:12px;color:#6b5f70">${escapeHtml(footer)}${(
    ctx.footerLinks ?? []
  )
    .map((l) => `<br><a href="${escapeHtml(l.url)}" style="color:#b8433b">${escapeHtml(l.label)}</a>`)
    .join('')}</td></tr>
</table></td></tr></table></body></html>`;
  return { subject, html, text };
}

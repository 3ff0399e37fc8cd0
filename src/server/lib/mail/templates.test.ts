import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../shared/locales';
import en from '../../i18n/locales/en.json';
import { translate } from '../../i18n/translate';
import { type MailKind, renderMail } from './templates';

/** Every mail the catalog has a template for: the entries of `mail` that carry a subject. */
const KINDS = Object.entries(en.mail)
  .filter(([, v]) => typeof v === 'object' && Object.keys(v).some((k) => k.startsWith('subject')))
  .map(([k]) => k as MailKind);

const RECIPIENT = 'Bram';
const ACTOR = 'Anna';

/** A mail to Bram about Anna (the liker, sender, inviter, ...), with every variable a template may ask for: a
 * template whose variable is missing here renders a raw {{placeholder}} and fails the check below. */
const render = (kind: MailKind, locale: (typeof LOCALES)[number], name = RECIPIENT) =>
  renderMail(kind, {
    locale,
    siteName: 'Amora',
    mailName: 'Amora',
    supportEmail: 'support@amora.example',
    name,
    link: 'https://amora.example/x',
    vars: {
      name: ACTOR,
      count: 1,
      chats: '1 chat',
      members: '2 new members',
      likes: '1 like',
      hours: 24,
      days: 14,
      credits: 60,
      creditsText: '60 credits',
      amount: '€19.95',
      date: '1 May 2026',
      inviter: ACTOR,
      received: '1 May 2026 10:00',
      reference: '#42',
      refund: '€9.98',
      contract: 'Premium membership',
      effective: '1 June 2026',
    },
  });

describe('mail greeting', () => {
  it('the catalog has the templates this test walks through', () => {
    expect(KINDS).toEqual(
      expect.arrayContaining([
        'activation',
        'receipt',
        'directdebit_confirmation',
        'notify_like',
        'notify_new_messages',
      ]),
    );
    expect(KINDS.length).toBeGreaterThanOrEqual(15);
  });

  for (const locale of LOCALES) {
    it(`greets the recipient, never the member the mail is about, in every template (${locale})`, () => {
      const greeting = translate(locale, 'mail.greeting', { recipient: RECIPIENT });
      expect(greeting).toContain(RECIPIENT);
      for (const kind of KINDS) {
        const mail = render(kind, locale);
        const firstLine = mail.text.split('\n')[0];
        expect(firstLine, `${kind} (${locale})`).toBe(greeting);
        expect(firstLine).not.toContain(ACTOR);
        expect(mail.html, `${kind} (${locale})`).toContain(`<p style="margin:0 0 16px">${greeting}</p>`);
        expect(mail.text).not.toContain('{{');
      }
    });
  }

  it('the like mail names the liker in its text and the recipient in its greeting (en, nl)', () => {
    const mailEn = render('notify_like', 'en');
    expect(mailEn.text.startsWith('Hi Bram,\n')).toBe(true);
    expect(mailEn.text).toContain('Anna likes your profile');
    const mailNl = render('notify_like', 'nl');
    expect(mailNl.text.startsWith('Hoi Bram,\n')).toBe(true);
    expect(mailNl.text).toContain('Anna');
  });

  it('a recipient without a name gets a greeting without one (no "Hi ,")', () => {
    for (const locale of ['en', 'nl'] as const) {
      const firstLine = render('password_reset', locale, '  ').text.split('\n')[0];
      expect(firstLine).toBe(translate(locale, 'mail.greeting_unnamed'));
      expect(firstLine).toMatch(/^\p{L}+[,:]$/u);
    }
  });
});

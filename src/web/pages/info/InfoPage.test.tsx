// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CompanyInfo, SettingsResponse } from '../../../shared/schemas/sites';
import enCommon from '../../locales/en/common.json';
import enPages from '../../locales/en/pages.json';
import nlCommon from '../../locales/nl/common.json';
import nlPages from '../../locales/nl/pages.json';
import { json, renderWithKit, resetKit } from '../../test/render-kit';
import { InfoPage } from './InfoPage';

const COMPANY: CompanyInfo = {
  name: 'Rozenhof Media B.V.',
  address: 'Herengracht 7',
  kvk: '12345678',
  city: 'Utrecht',
  country: 'NL',
  tradenames: ['Rozenhof'],
  vat_numbers: ['NL123456789B01'],
  support_phone: '+31 30-123 45 67',
  delete_discount: 25,
  added: '2023-01-01T00:00:00Z',
};

const SETTINGS = {
  settings: {
    name: 'Rozenhof',
    description: 'Dating',
    domain: 'rozenhof.example',
    support_email: 'help@rozenhof.example',
    support_phone: '+31 20-000 0000',
    refund_days: 14,
    min_age: 18,
    message_credits: 5,
    us_footer: false,
  },
} as unknown as SettingsResponse;

const TEXTS = {
  en: { pages: enPages, common: enCommon },
  nl: { pages: nlPages, common: nlCommon },
};

afterEach(resetKit);

async function renderPage(page: 'terms' | 'privacy' | 'service', lng: 'en' | 'nl') {
  await renderWithKit({
    routes: [{ path: '*', element: <InfoPage page={page} /> }],
    path: `/pages/${page}`,
    global: true,
    lng,
    texts: TEXTS[lng],
    more: TEXTS,
    cache: [[['settings'], SETTINGS]],
    api: { 'GET companyinfo.php': () => json(200, { companyinfo: COMPANY }) },
  });
  return screen.findByTestId(`info-page-${page}`);
}

describe('InfoPage', () => {
  for (const lng of ['en', 'nl'] as const) {
    it(`terms (${lng}) name the site's domain and the company once, without a doubled full stop`, async () => {
      const article = await renderPage('terms', lng);
      const text = article.textContent ?? '';
      expect(text).toContain('rozenhof.example');
      expect(text).not.toContain('localhost');
      expect(text).toContain('Rozenhof Media B.V.');
      expect(text).not.toContain('B.V..');
      expect(text).not.toContain('{{');
      // The company's country by name in the reader's language, not its code.
      expect(text).toContain(lng === 'nl' ? 'Utrecht, Nederland' : 'Utrecht, Netherlands');
    });

    it(`privacy (${lng}) links the support address and the cleaned support phone`, async () => {
      const article = await renderPage('privacy', lng);
      const mail = within(article).getAllByRole('link', { name: 'help@rozenhof.example' });
      expect(mail.length).toBeGreaterThan(0);
      for (const a of mail) expect(a.getAttribute('href')).toBe('mailto:help@rozenhof.example');
      const phone = within(article).getAllByRole('link', { name: '+31301234567' });
      expect(phone.length).toBeGreaterThan(0);
      for (const a of phone) expect(a.getAttribute('href')).toBe('tel:+31301234567');
      // No address or number is left as plain text outside a link.
      const outside = [...article.querySelectorAll('p')]
        .map((p) =>
          [...p.childNodes]
            .filter((n) => n.nodeType === 3)
            .map((n) => n.textContent)
            .join(''),
        )
        .join('\n');
      expect(outside).not.toContain('help@rozenhof.example');
      expect(outside).not.toContain('+31301234567');
    });
  }
});

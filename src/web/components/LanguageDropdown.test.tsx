// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import common from '../locales/en/common.json';
import { LanguageDropdown } from './LanguageDropdown';

async function renderMenu(languages: readonly ('en' | 'de' | 'sv' | 'nl')[] | undefined) {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { common } },
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  render(
    <I18nextProvider i18n={i18n}>
      <LanguageDropdown languages={languages} />
    </I18nextProvider>,
  );
  fireEvent.click(screen.getByTestId('language-toggle'));
  return (await screen.findAllByRole('button')).map((b) => b.getAttribute('data-testid'));
}

afterEach(cleanup);

describe('LanguageDropdown (issue 20, point 4: sites.languages)', () => {
  it("offers only the site's languages, in the product's order", async () => {
    const ids = await renderMenu(['sv', 'de', 'en']);
    expect(ids.filter((id) => id !== 'language-toggle')).toEqual([
      'language-en',
      'language-de',
      'language-sv',
    ]);
  });

  it('offers all 11 when the site names none', async () => {
    const ids = await renderMenu(undefined);
    expect(ids.filter((id) => id !== 'language-toggle')).toHaveLength(11);
  });
});

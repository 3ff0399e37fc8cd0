// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import members from '../locales/nl/members.json';
import { MemberStatusBadge } from './MemberStatusBadge';

async function show(status: string) {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng: 'nl',
    resources: { nl: { members } },
    interpolation: { escapeValue: false },
  });
  render(
    <I18nextProvider i18n={i18n}>
      <MemberStatusBadge status={status} />
    </I18nextProvider>,
  );
  return screen.getByTestId('member-status').textContent;
}

afterEach(cleanup);

describe('MemberStatusBadge', () => {
  it("shows the reported member's account status translated, never the raw value", async () => {
    expect(await show('active')).toBe(members.status.active);
    expect(members.status.active).not.toBe('active');
    cleanup();
    expect(await show('not_confirmed')).toBe(members.status.not_confirmed);
  });

  it('shows a status the console has no text for as it is', async () => {
    expect(await show('frozen')).toBe('frozen');
  });
});

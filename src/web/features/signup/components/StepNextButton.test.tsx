// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import auth from '../../../locales/en/auth.json';
import nlAuth from '../../../locales/nl/auth.json';
import { StepNextButton } from './StepNextButton';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en',
    ns: ['auth'],
    defaultNS: 'auth',
    resources: { en: { auth }, nl: { auth: nlAuth } },
    interpolation: { escapeValue: false },
  });
});
afterEach(cleanup);

const renderIn = (ui: ReactNode) => render(<I18nextProvider i18n={i18n}>{ui}</I18nextProvider>);

describe('StepNextButton', () => {
  it('while something is missing: greyed out, still a Tab stop, says why next to it and does nothing', () => {
    const onClick = vi.fn();
    const onSubmit = vi.fn((e: { preventDefault(): void }) => e.preventDefault());
    renderIn(
      <form onSubmit={onSubmit}>
        <StepNextButton type="submit" missing={auth.signup.next_missing.personal} onClick={onClick} />
      </form>,
    );
    const next = screen.getByTestId('signup-next');
    expect(next.hasAttribute('disabled')).toBe(false);
    expect(next.tabIndex).toBe(0);
    expect(next.getAttribute('aria-disabled')).toBe('true');
    expect(next.className).toContain('disabled');
    const reason = document.getElementById(next.getAttribute('aria-describedby')!);
    expect(reason?.textContent).toBe(auth.signup.next_missing.personal);
    expect(screen.getByTestId('signup-next-reason')).toBe(reason);
    fireEvent.click(next);
    expect(onClick).not.toHaveBeenCalled();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('once complete: an ordinary Next without a reason', () => {
    const onClick = vi.fn();
    renderIn(<StepNextButton missing={null} onClick={onClick} />);
    const next = screen.getByTestId('signup-next');
    expect(next.hasAttribute('aria-disabled')).toBe(false);
    expect(next.hasAttribute('aria-describedby')).toBe(false);
    expect(screen.queryByTestId('signup-next-reason')).toBeNull();
    fireEvent.click(next);
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('the reasons exist in Dutch too', async () => {
    await i18n.changeLanguage('nl');
    renderIn(<StepNextButton missing={i18n.t('signup.next_missing.photo')} />);
    expect(screen.getByTestId('signup-next-reason').textContent).toBe(nlAuth.signup.next_missing.photo);
    expect(screen.getByTestId('signup-next').textContent).toBe(nlAuth.signup.next);
    await i18n.changeLanguage('en');
  });
});

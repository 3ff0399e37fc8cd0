// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CardLoadState } from './CardLoadState';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en',
    ns: ['common'],
    defaultNS: 'common',
    resources: { en: { common: { loading: 'Loading…' } } },
  });
});
afterEach(cleanup);

function show(query: Parameters<typeof CardLoadState<string[]>>[0]['query']) {
  render(
    <I18nextProvider i18n={i18n}>
      <CardLoadState
        query={query}
        errorText="Could not load."
        retryLabel="Try again"
        errorTestId="card-error"
      >
        {(items) => <p>{items.join(', ')}</p>}
      </CardLoadState>
    </I18nextProvider>,
  );
}

describe('CardLoadState', () => {
  const base = { data: undefined, isPending: false, isError: false, isFetching: false, refetch: vi.fn() };

  it('says it is loading while the first load runs', () => {
    show({ ...base, isPending: true, isFetching: true });
    expect(screen.getByRole('status').textContent).toContain('Loading…');
  });

  it('shows the error with a retry that asks again and cannot be pressed twice', () => {
    const refetch = vi.fn();
    show({ ...base, isError: true, refetch });
    expect(screen.getByRole('alert').textContent).toContain('Could not load.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledTimes(1);
    cleanup();
    show({ ...base, isError: true, isFetching: true, refetch });
    expect((screen.getByRole('button', { name: 'Try again' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the loaded data', () => {
    show({ ...base, data: ['Ann', 'Bo'] });
    expect(screen.getByText('Ann, Bo')).toBeTruthy();
    expect(screen.queryByTestId('card-error')).toBeNull();
  });
});

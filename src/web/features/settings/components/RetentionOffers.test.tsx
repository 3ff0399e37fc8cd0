// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SettingsResponse } from '../../../../shared/schemas/sites';
import payments from '../../../locales/en/payments.json';
import settings from '../../../locales/en/settings.json';
import { type ApiHandler, json, renderWithKit, resetKit } from '../../../test/render-kit';
import { checkoutNavigation } from '../../payments/components/checkout-navigation';
import { RetentionOffers } from './RetentionOffers';

async function renderOffers(api: Record<string, ApiHandler>) {
  const offers = {
    change_email: true,
    privacy_mode: true,
    trial_package: true,
    trial: { bundle_id: 9, credits: 10, amount: 295, currency: 'EUR' },
    discount_percentage: 25,
  };
  const kit = await renderWithKit({
    element: <RetentionOffers offers={offers} />,
    texts: { settings, payments },
    cache: [
      [['settings'], { settings: { name: 'Amora' }, domain_language: 'en' } as unknown as SettingsResponse],
    ],
    api,
  });
  return kit.api.fetch;
}

afterEach(() => {
  resetKit();
  vi.restoreAllMocks();
});

describe('RetentionOffers', () => {
  it('makes the discount code and links to the credits page with it', async () => {
    const fetchMock = await renderOffers({
      'POST delete-offers.php': () =>
        json(200, { code: 'STAY-ABC234', percentage: 25, expires: '2026-12-02T10:00:00Z' }),
    });
    expect(screen.getByTestId('settings-offer-discount').textContent).toContain('25 % off');
    fireEvent.click(screen.getByTestId('settings-offer-discount-button'));
    await waitFor(() =>
      expect(screen.getByTestId('settings-offer-discount-code').textContent).toContain('STAY-ABC234'),
    );
    expect(screen.getByTestId('settings-offer-discount-use').getAttribute('href')).toBe(
      '/credits?code=STAY-ABC234',
    );
    const [, init] = fetchMock.mock.calls[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ offer: 'discount' });
  });

  it('buys the trial package in one step: the payment starts with the first method and the provider page opens', async () => {
    const assign = vi.spyOn(checkoutNavigation, 'assign').mockImplementation(() => undefined);
    const fetchMock = await renderOffers({
      'GET credits.php': () =>
        json(200, {
          country: 'NL',
          currency: 'EUR',
          bundles: [],
          methods: ['ideal', 'creditcard'],
          test_mode: true,
        }),
      'POST payment.php': () => json(200, { payment: { id: 5, checkout_url: 'https://pay.example/tr_1' } }),
    });
    expect(screen.getByTestId('settings-offer-trial').textContent).toContain('€2.95');
    // The statement above the button: buying is the express request to start at once (issue 23, point 3).
    expect(screen.getByTestId('immediate-start-note').textContent).toContain('to start at once');
    fireEvent.click(screen.getByTestId('settings-offer-trial-button'));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.example/tr_1'));
    const pay = fetchMock.mock.calls.find(([url]) => String(url).includes('payment.php'))!;
    expect(JSON.parse(String(pay[1]?.body))).toEqual({
      bundle_id: 9,
      method: 'ideal',
      immediate_start: true,
    });
  });
});

// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  bundle,
  CATALOGUE,
  json,
  mockFetch,
  renderWithProviders,
} from '../../features/payments/components/payments-test-kit';
import common from '../../locales/en/common.json';
import pages from '../../locales/en/pages.json';
import { PricingPage } from './PricingPage';

const COMPANY = {
  name: 'Amora B.V.',
  address: 'Street 1',
  kvk: '123',
  city: 'Amsterdam',
  country: 'NL',
  tradenames: [],
  vat_numbers: [],
  support_phone: '',
  delete_discount: 0,
  added: '2023-01-01T00:00:00Z',
};

function pricingFetch(credits = () => json(200, CATALOGUE)) {
  const base = mockFetch({ credits });
  const fetchMock = vi.fn(async (input: string, init?: RequestInit) =>
    String(input).includes('/api/companyinfo.php') ? json(200, { companyinfo: COMPANY }) : base(input, init),
  );
  return { fetchMock, base };
}

describe('PricingPage', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('keeps its texts and shows the bundles of the visitor country with the VAT note', async () => {
    const { fetchMock } = pricingFetch();
    await renderWithProviders([{ path: '/pricing', element: <PricingPage /> }], '/pricing', {
      fetch: fetchMock as unknown as ReturnType<typeof mockFetch>,
      user: null,
      extraResources: { pages, common },
    });
    const table = await screen.findByTestId('pricing-bundles');
    await waitFor(() => expect(within(table).getAllByTestId('pricing-bundle')).toHaveLength(4));
    const rows = within(table).getAllByTestId('pricing-bundle');
    expect(rows[2]!.textContent).toContain('150 credits');
    expect(rows[2]!.textContent).toContain('€39.95');
    expect(rows[2]!.textContent).toContain('€1.34');
    expect(within(rows[2]!).getByTestId('bundle-best-value')).toBeTruthy();
    expect(within(table).getByTestId('pricing-vat-note').textContent).toBe('All prices include 21% VAT.');
    expect(within(table).getByTestId('pricing-country').textContent).toBe('Netherlands');
    // The visitor's selected country is asked for.
    const creditsCall = fetchMock.mock.calls.find((c) => String(c[0]).includes('/api/credits.php'));
    expect(String(creditsCall?.[0])).toContain('country=NL');
    // The existing content stays.
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Pricing');
    expect(screen.getByText('How credits work')).toBeTruthy();
    expect(screen.getByText('Sending a message')).toBeTruthy();
  });

  it('says so when no VAT is charged', async () => {
    const { fetchMock } = pricingFetch(() =>
      json(200, {
        ...CATALOGUE,
        country: 'US',
        currency: 'USD',
        bundles: [bundle(1, 25, 1099, { currency: 'USD', vat: 0, vat_rate_bp: 0 })],
      }),
    );
    await renderWithProviders([{ path: '/pricing', element: <PricingPage /> }], '/pricing', {
      fetch: fetchMock as unknown as ReturnType<typeof mockFetch>,
      user: null,
      extraResources: { pages, common },
    });
    expect((await screen.findByTestId('pricing-vat-note')).textContent).toBe(
      'No VAT is charged on these prices.',
    );
    expect(screen.getByTestId('pricing-bundle').textContent).toContain('$10.99');
  });
});

// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useParams } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../../shared/schemas/accounts';
import type { Payment, RepeatOrderResponse } from '../../../shared/schemas/payments';
import type { SettingsResponse } from '../../../shared/schemas/sites';
import payments from '../../locales/en/payments.json';
import en from '../../locales/en/transactions.json';
import { type ApiHandler, type ApiMock, json, renderWithKit, resetKit } from '../../test/render-kit';
import { RepeatOrderPage } from './RepeatOrderPage';

const OFFER: RepeatOrderResponse = {
  offer: {
    bundle: {
      id: 2,
      credits: 60,
      style: 'p1',
      best_value: false,
      amount: 1995,
      currency: 'EUR',
      vat: 346,
      vat_rate_bp: 2100,
    },
    method: 'visa',
  },
};

const payment = (id: number, status: Payment['status']): Payment => ({
  id,
  bundle_id: 2,
  sequence_type: 'oneoff',
  status,
  credits: 60,
  amount: 1995,
  currency: 'EUR',
  vat: 346,
  method: 'visa',
  created_at: '2026-03-01T10:15:00Z',
  paid_at: status === 'paid' ? '2026-03-01T10:15:01Z' : null,
  credits_reversed: 0,
  checkout_url: null,
});

const USER = {
  id: 1,
  email: 'eva@example.test',
  profile: { id: 7, name: 'Eva', main_image: null, country: 'NL', status: 'active' },
  credits: 4,
  paid_user: true,
  signup_date: '2026-01-01T00:00:00Z',
  language: 'en',
  fictional_icon: 'stars',
  status: 'active',
  notifications_disabled: [],
} satisfies CurrentUser;

/** GET answers the offer; each POST answers the next of `outcomes`. */
function repeatOrderApi(offer: RepeatOrderResponse, outcomes: Payment[]): Record<string, ApiHandler> {
  const posts: Payment[] = [...outcomes];
  return {
    'GET repeat-order.php': () => json(200, offer),
    'POST repeat-order.php': ({ init }) => {
      // Pressed under the statement: the express request to start at once (issue 23, point 3).
      expect(init.body).toBe('{"immediate_start":true}');
      const next = posts.shift();
      return next ? json(200, { payment: next }) : json(500, { error: { code: 'x', message: 'x' } });
    },
  };
}

function StatusStub() {
  const { id } = useParams();
  return <p data-testid="status-stub">status {id}</p>;
}

async function renderPage(api: Record<string, ApiHandler>) {
  const kit = await renderWithKit({
    routes: [
      { path: '/credits/repeat-order', element: <RepeatOrderPage /> },
      { path: '/credits', element: <p>credits</p> },
      { path: '/credits/:id/:method?', element: <p>checkout</p> },
      { path: '/transactions/:id', element: <StatusStub /> },
    ],
    path: '/credits/repeat-order',
    texts: { transactions: en, payments, common: { loading: 'Loading…' }, validation: { generic: 'Error' } },
    cache: [
      [['settings'], { settings: { name: 'Amora' }, domain_language: 'en' } as unknown as SettingsResponse],
      [['user'], USER],
    ],
    api,
  });
  return { router: kit.router, queryClient: kit.queryClient, fetchMock: kit.api.fetch };
}

const posts = (fetchMock: ApiMock['fetch']) =>
  fetchMock.mock.calls.filter((c) => (c[1] as RequestInit | undefined)?.method === 'POST').length;

describe('RepeatOrderPage', () => {
  afterEach(resetKit);

  it('shows the offer and, after Buy again, goes to the payment status page', async () => {
    const { router, queryClient, fetchMock } = await renderPage(repeatOrderApi(OFFER, [payment(77, 'paid')]));
    expect(await screen.findByTestId('repeat-order-page')).toBeTruthy();
    const offer = await screen.findByTestId('repeat-order-offer');
    expect(within(offer).getByTestId('repeat-order-credits').textContent).toBe('60 credits');
    expect(within(offer).getByTestId('repeat-order-price').textContent).toBe('€19.95');
    expect(within(within(offer).getByTestId('repeat-order-method')).getByText('Visa')).toBeTruthy();
    expect(within(offer).getByText('incl. €3.46 VAT')).toBeTruthy();
    expect(within(offer).getByText('4 credits')).toBeTruthy();
    expect(document.title).toBe('Buy credits again - Amora');
    expect(within(offer).getByTestId('immediate-start-note').textContent).toContain(
      'By paying, I ask Amora to start at once',
    );

    fireEvent.click(screen.getByTestId('repeat-order-buy'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/transactions/77'));
    expect(posts(fetchMock)).toBe(1);
    // The status page starts from the answer instead of loading it again.
    expect(queryClient.getQueryData(['transactions', 77])).toEqual({ payment: payment(77, 'paid') });
  });

  it('goes to the status page of a pending charge too', async () => {
    const { router } = await renderPage(repeatOrderApi(OFFER, [payment(78, 'pending')]));
    fireEvent.click(await screen.findByTestId('repeat-order-buy'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/transactions/78'));
  });

  it('shows the recurring failure screen for a failed charge, with retry and PayPal', async () => {
    const { router, fetchMock } = await renderPage(
      repeatOrderApi(OFFER, [payment(79, 'failed'), payment(80, 'failed'), payment(81, 'paid')]),
    );
    fireEvent.click(await screen.findByTestId('repeat-order-buy'));

    const failure = await screen.findByTestId('recurring-failure');
    expect(router.state.location.pathname).toBe('/credits/repeat-order');
    expect(screen.queryByTestId('repeat-order-buy')).toBeNull();
    expect(failure.textContent).toContain('Paying €19.95 with Visa did not work.');
    expect(within(failure).getByTestId('recurring-paypal').getAttribute('href')).toBe('/credits/2/paypal');
    expect(within(failure).queryByTestId('recurring-again')).toBeNull();

    // Retrying fails again: the screen stays and says so.
    fireEvent.click(within(failure).getByTestId('recurring-retry'));
    expect(await screen.findByTestId('recurring-again')).toBeTruthy();
    expect(posts(fetchMock)).toBe(2);

    // The third attempt goes through.
    fireEvent.click(screen.getByTestId('recurring-retry'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/transactions/81'));
    expect(posts(fetchMock)).toBe(3);
  });

  it('follows the PayPal link of the failure screen to the checkout of the same bundle', async () => {
    const { router } = await renderPage(repeatOrderApi(OFFER, [payment(82, 'failed')]));
    fireEvent.click(await screen.findByTestId('repeat-order-buy'));
    fireEvent.click(await screen.findByTestId('recurring-paypal'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/credits/2/paypal'));
  });

  it('explains when there is nothing to reorder and links to the bundles', async () => {
    await renderPage(repeatOrderApi({ offer: null }, []));
    const none = await screen.findByTestId('repeat-order-none');
    expect(within(none).getByText('No repeat order available yet')).toBeTruthy();
    expect(within(none).getByRole('link', { name: 'View credit bundles' }).getAttribute('href')).toBe(
      '/credits',
    );
    expect(screen.queryByTestId('repeat-order-buy')).toBeNull();
  });
});

// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../../shared/schemas/accounts';
import type { Payment } from '../../../shared/schemas/payments';
import type { SettingsResponse } from '../../../shared/schemas/sites';
import { paymentPolling } from '../../features/payments/components/PaymentStatusPanel';
import en from '../../locales/en/transactions.json';
import nl from '../../locales/nl/transactions.json';
import {
  type ApiHandler,
  type ApiMock,
  apiError,
  json,
  renderWithKit,
  resetKit,
} from '../../test/render-kit';
import { TransactionsPage } from './TransactionsPage';

const payment = (id: number, extra: Partial<Payment> = {}): Payment => ({
  id,
  bundle_id: 2,
  sequence_type: 'oneoff',
  status: 'paid',
  credits: 60,
  amount: 1995,
  currency: 'EUR',
  vat: 346,
  method: 'ideal',
  created_at: '2026-03-01T10:15:00Z',
  paid_at: '2026-03-01T10:16:00Z',
  credits_reversed: 0,
  checkout_url: null,
  ...extra,
});

const user = (credits: number): CurrentUser => ({
  id: 1,
  email: 'eva@example.test',
  profile: { id: 7, name: 'Eva', main_image: null, country: 'NL', status: 'active' },
  credits,
  paid_user: credits > 0,
  signup_date: '2026-01-01T00:00:00Z',
  language: 'en',
  fictional_icon: 'stars',
  status: 'active',
  notifications_disabled: [],
});

type Route = (url: URL) => Response | undefined;

/** The files the page reads, each answered by `route` (a 404 where it has no answer). */
function routeApi(route: Route): Record<string, ApiHandler> {
  const answer: ApiHandler = ({ url }) => route(url) ?? apiError(404, 'not_found', 'Not found');
  const files = ['transactions.php', 'transaction.php', 'user.php', 'withdrawal.php'];
  return Object.fromEntries(files.map((file) => [`GET ${file}`, answer]));
}

async function renderPage(api: Record<string, ApiHandler>, path: string, lng = 'en') {
  const kit = await renderWithKit({
    routes: [
      { path: '/transactions/:id?', element: <TransactionsPage /> },
      { path: '/credits', element: <p>credits</p> },
      { path: '/members', element: <p>members</p> },
    ],
    path,
    lng,
    // The Dutch texts, with the English loading text they fell back to.
    texts: { transactions: lng === 'nl' ? nl : en, common: { loading: 'Loading…' } },
    cache: [
      [['settings'], { settings: { name: 'Amora' }, domain_language: 'en' } as unknown as SettingsResponse],
      [['user'], user(0)],
    ],
    api,
  });
  return { router: kit.router, queryClient: kit.queryClient, fetchMock: kit.api.fetch };
}

const calls = (fetchMock: ApiMock['fetch'], pathname: string) =>
  fetchMock.mock.calls.filter((c) => new URL(String(c[0]), 'http://localhost').pathname === pathname).length;

describe('TransactionsPage', () => {
  const polling = { ...paymentPolling };
  afterEach(() => {
    resetKit();
    Object.assign(paymentPolling, polling);
  });

  it('lists the payments, newest first, each linking to its status page', async () => {
    await renderPage(
      routeApi((url) =>
        url.pathname === '/api/transactions.php'
          ? json(200, {
              payments: [
                payment(12, { status: 'pending', credits: 150, amount: 3995, method: 'visa', paid_at: null }),
                payment(11, { status: 'canceled', credits: 25, amount: 995, method: 'sdd', paid_at: null }),
                payment(10),
              ],
            })
          : undefined,
      ),
      '/transactions',
    );
    expect(await screen.findByTestId('transactions-page')).toBeTruthy();
    const rows = await screen.findAllByTestId('transaction-row');
    expect(rows.map((r) => r.getAttribute('data-status'))).toEqual(['pending', 'canceled', 'paid']);
    const first = within(rows[0]!);
    expect(first.getByText('150 credits')).toBeTruthy();
    expect(first.getByText('€39.95')).toBeTruthy();
    expect(first.getByText('Visa')).toBeTruthy();
    expect(first.getByText('Processing')).toBeTruthy();
    expect(within(rows[1]!).getByText('Direct debit')).toBeTruthy();
    expect(within(rows[1]!).getByText('Cancelled')).toBeTruthy();
    expect(within(rows[2]!).getByText('iDEAL')).toBeTruthy();
    expect(within(rows[2]!).getByText('Paid')).toBeTruthy();
    expect(rows[0]!.querySelector('a')?.getAttribute('href')).toBe('/transactions/12');
    expect(document.title).toBe('Transactions - Amora');
  });

  it("shows abandoned checkouts as expired or cancelled, in the member's language, without a way to continue paying", async () => {
    await renderPage(
      routeApi((url) =>
        url.pathname === '/api/transactions.php'
          ? json(200, {
              payments: [
                payment(22, { status: 'expired', paid_at: null }),
                payment(21, { status: 'canceled', paid_at: null }),
                payment(20, { status: 'open', paid_at: null }),
              ],
            })
          : undefined,
      ),
      '/transactions',
      'nl',
    );
    const rows = await screen.findAllByTestId('transaction-row');
    expect(rows.map((r) => within(r).getByTestId('transaction-status').textContent)).toEqual([
      'Verlopen',
      'Geannuleerd',
      'Wacht op betaling',
    ]);
  });

  it('tells a member without payments where to buy credits', async () => {
    await renderPage(
      routeApi((url) => (url.pathname === '/api/transactions.php' ? json(200, { payments: [] }) : undefined)),
      '/transactions',
    );
    const empty = await screen.findByTestId('transactions-empty');
    expect(within(empty).getByRole('link', { name: 'View credit bundles' }).getAttribute('href')).toBe(
      '/credits',
    );
  });

  it('formats amounts for the language', async () => {
    await renderPage(
      routeApi((url) =>
        url.pathname === '/api/transactions.php' ? json(200, { payments: [payment(10)] }) : undefined,
      ),
      '/transactions',
      'nl',
    );
    const row = await screen.findByTestId('transaction-row');
    expect(row.textContent).toMatch(/€\s19,95/);
    expect(row.textContent).toContain('Betaald');
  });

  it('polls a pending payment until it is paid, then reloads the user for the new balance', async () => {
    paymentPolling.intervalMs = 20;
    let polls = 0;
    let credits = 0;
    const api = routeApi((url) => {
      if (url.pathname === '/api/transaction.php') {
        expect(url.searchParams.get('id')).toBe('42');
        polls += 1;
        if (polls < 3) return json(200, { payment: payment(42, { status: 'pending', paid_at: null }) });
        credits = 60;
        return json(200, { payment: payment(42) });
      }
      if (url.pathname === '/api/user.php') return json(200, { user: user(credits) });
      return undefined;
    });
    const { fetchMock } = await renderPage(api, '/transactions/42');

    const processing = await screen.findByTestId('payment-processing');
    expect(within(processing).getByText('Your payment is being processed')).toBeTruthy();
    expect(screen.getByTestId('payment-status').getAttribute('data-status')).toBe('pending');
    expect(calls(fetchMock, '/api/user.php')).toBe(0);

    const paid = await screen.findByTestId('payment-paid', {}, { timeout: 3000 });
    expect(screen.getByTestId('payment-status').getAttribute('data-status')).toBe('paid');
    expect(within(paid).getByText('60 credits have been added to your account.')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('payment-balance').textContent).toContain('60 credits'));
    expect(calls(fetchMock, '/api/user.php')).toBe(1);
    expect(screen.queryByTestId('payment-processing')).toBeNull();

    // Settled: no more polling.
    const settledPolls = polls;
    await new Promise((r) => setTimeout(r, 120));
    expect(polls).toBe(settledPolls);
  });

  it('stops polling after a while and offers a manual check', async () => {
    paymentPolling.intervalMs = 20;
    paymentPolling.maxMs = 80;
    let polls = 0;
    const api = routeApi((url) => {
      if (url.pathname !== '/api/transaction.php') return undefined;
      polls += 1;
      return json(200, {
        payment: payment(43, {
          status: 'open',
          paid_at: null,
          checkout_url: 'https://pay.example/checkout/43',
        }),
      });
    });
    await renderPage(api, '/transactions/43');
    expect(await screen.findByTestId('payment-processing')).toBeTruthy();
    expect(screen.getByTestId('payment-continue').getAttribute('href')).toBe(
      'https://pay.example/checkout/43',
    );

    const refresh = await screen.findByTestId('payment-refresh', {}, { timeout: 3000 });
    const stoppedAt = polls;
    await new Promise((r) => setTimeout(r, 120));
    expect(polls).toBe(stoppedAt);

    fireEvent.click(refresh);
    await waitFor(() => expect(polls).toBeGreaterThan(stoppedAt));
  });

  it("shows the spec's failure text in Dutch with a way to try another method", async () => {
    await renderPage(
      routeApi((url) =>
        url.pathname === '/api/transaction.php'
          ? json(200, { payment: payment(44, { status: 'canceled', paid_at: null }) })
          : undefined,
      ),
      '/transactions/44',
      'nl',
    );
    const failed = await screen.findByTestId('payment-failed');
    expect(within(failed).getByTestId('payment-failed-text').textContent).toBe(
      'De betaling is mislukt of geannuleeerd.',
    );
    expect(within(failed).getByTestId('payment-try-another').getAttribute('href')).toBe('/credits/2');
  });

  it('offers retry or PayPal for a failed repeat order (the recurring card failure)', async () => {
    await renderPage(
      routeApi((url) =>
        url.pathname === '/api/transaction.php'
          ? json(200, {
              payment: payment(45, {
                status: 'failed',
                paid_at: null,
                method: 'visa',
                sequence_type: 'recurring',
              }),
            })
          : undefined,
      ),
      '/transactions/45',
    );
    const box = await screen.findByTestId('recurring-failure');
    expect(within(box).getByTestId('recurring-retry').getAttribute('href')).toBe('/credits/repeat-order');
    expect(within(box).getByTestId('recurring-paypal').getAttribute('href')).toBe('/credits/2/paypal');
  });

  it('explains that the credits of a refunded payment were taken back', async () => {
    await renderPage(
      routeApi((url) =>
        url.pathname === '/api/transaction.php'
          ? json(200, { payment: payment(45, { status: 'charged_back', credits_reversed: 60 }) })
          : url.pathname === '/api/user.php'
            ? json(200, { user: user(0) })
            : undefined,
      ),
      '/transactions/45',
    );
    const reversed = await screen.findByTestId('payment-reversed');
    expect(reversed.textContent).toContain(
      'Your bank or card issuer reversed this payment, so 60 credits were taken back from your balance.',
    );
  });

  it("says so when the payment is not the member's", async () => {
    await renderPage(
      routeApi((url) =>
        url.pathname === '/api/transaction.php'
          ? json(404, { error: { code: 'payment_not_found', message: 'Not found' } })
          : undefined,
      ),
      '/transactions/99',
    );
    expect(await screen.findByTestId('payment-not-found')).toBeTruthy();
  });

  it("withdraws from a purchase: the server's figures, then Confirm withdrawal, then when it was received", async () => {
    let withdrawn = false;
    const posted: unknown[] = [];
    const api: Record<string, ApiHandler> = {
      'POST withdrawal.php': ({ body }) => {
        posted.push(body);
        withdrawn = true;
        return json(200, {
          payment: payment(30, {
            withdraw_until: null,
            withdrawal: {
              requested_at: '2026-03-02T09:30:00Z',
              credits: 50,
              refund: 1663,
              status: 'refunded',
              refunded_at: '2026-03-02T09:30:01Z',
            },
          }),
        });
      },
      'GET withdrawal.php': ({ url }) => {
        expect(url.searchParams.get('payment_id')).toBe('30');
        return json(200, {
          payment_id: 30,
          refusal: null,
          until: '2026-03-15T10:16:00Z',
          amount: 1995,
          currency: 'EUR',
          credits: 60,
          credits_unspent: 50,
          credits_used: 10,
          refund: 1663,
          immediate_start: true,
          premium_ends: true,
        });
      },
      'GET transactions.php': () =>
        json(200, {
          payments: [
            withdrawn
              ? payment(30, {
                  withdraw_until: null,
                  withdrawal: {
                    requested_at: '2026-03-02T09:30:00Z',
                    credits: 50,
                    refund: 1663,
                    status: 'refunded',
                    refunded_at: '2026-03-02T09:30:01Z',
                  },
                })
              : payment(30, { withdraw_until: '2026-03-15T10:16:00Z', withdrawal: null }),
            payment(29, { withdraw_until: null, withdrawal: null }),
          ],
        }),
      'GET user.php': () => json(200, { user: user(10) }),
    };
    const { router } = await renderPage(api, '/transactions');
    const rows = await screen.findAllByTestId('transaction-row');
    // Only the purchase within its withdrawal period offers the function.
    expect(within(rows[1]!).queryByTestId('transaction-withdraw')).toBeNull();
    fireEvent.click(within(rows[0]!).getByTestId('transaction-withdraw'));
    expect(router.state.location.search).toBe('?withdraw=30');
    const quote = await screen.findByTestId('withdrawal-quote');
    expect(within(quote).getByTestId('withdrawal-credits').textContent).toBe('50 credits');
    expect(within(quote).getByTestId('withdrawal-refund').textContent).toBe('€16.63');
    expect(quote.textContent).toContain('premium ends with the withdrawal');
    expect(posted).toEqual([]);
    fireEvent.click(screen.getByTestId('withdrawal-confirm'));
    const done = await screen.findByTestId('withdrawal-done');
    expect(posted).toEqual([{ payment_id: 30 }]);
    expect(done.textContent).toContain('We received your withdrawal on');
    expect(done.textContent).toContain('€16.63 is being refunded');
    await waitFor(() =>
      expect(screen.getByTestId('transaction-withdrawn').textContent).toContain('€16.63 refunded.'),
    );
  });
});

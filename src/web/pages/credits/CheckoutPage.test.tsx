// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Payment } from '../../../shared/schemas/payments';
import { checkoutNavigation } from '../../features/payments/components/checkout-navigation';
import {
  CATALOGUE,
  json,
  member,
  mockFetch,
  renderWithProviders,
} from '../../features/payments/components/payments-test-kit';
import { CheckoutPage } from './CheckoutPage';
import { orderMethods } from './checkout-methods';

const routes = [
  { path: '/credits', element: <p>credits screen</p> },
  { path: '/credits/:id/:paymentmethod?', element: <CheckoutPage /> },
  { path: '/transactions/:id?', element: <p>transactions screen</p> },
];

const payment = (extra: Partial<Payment> = {}): Payment => ({
  id: 41,
  bundle_id: 3,
  sequence_type: 'oneoff',
  status: 'open',
  credits: 150,
  amount: 3995,
  currency: 'EUR',
  vat: 693,
  method: 'ideal',
  created_at: '2026-01-01T00:00:00Z',
  paid_at: null,
  credits_reversed: 0,
  checkout_url: 'http://localhost/test-provider/checkout/tr_test0123456789abcdef',
  ...extra,
});

const paymentCalls = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls
    .filter((c) => String(c[0]).includes('/api/payment.php'))
    .map((c) => JSON.parse(String(c[1]?.body)) as unknown);

describe('orderMethods', () => {
  it("puts the country's own methods first and keeps the rest in order", () => {
    expect(orderMethods(['creditcard', 'visa', 'paypal', 'bancontact', 'sdd'])).toEqual([
      'bancontact',
      'creditcard',
      'visa',
      'paypal',
      'sdd',
    ]);
    expect(orderMethods(['visa', 'nexi', 'satispay', 'paysafecard'])).toEqual([
      'satispay',
      'visa',
      'nexi',
      'paysafecard',
    ]);
  });
});

describe('CheckoutPage', () => {
  let assign: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    assign = vi.spyOn(checkoutNavigation, 'assign').mockImplementation(() => undefined);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the bundle, its total with VAT and the methods of the country; the choice goes into the URL', async () => {
    const { router } = await renderWithProviders(routes, '/credits/3', { fetch: mockFetch() });
    expect(await screen.findByTestId('checkout-total')).toHaveProperty('textContent', '€39.95');
    expect(screen.getByTestId('checkout-credits').textContent).toBe('150 credits');
    expect(screen.getByTestId('checkout-vat').textContent).toBe('Including €6.93 VAT (21%)');
    expect(screen.getByTestId('bundle-best-value')).toBeTruthy();
    expect(screen.getByTestId('checkout-premium-note')).toBeTruthy();
    const options = screen.getAllByTestId('method-option');
    // The country's own method first, then the server's order.
    expect(options.map((o) => o.getAttribute('data-method'))).toEqual([
      'ideal',
      'creditcard',
      'paypal',
      'sct',
    ]);
    expect(options.map((o) => o.querySelector('.method-option-name')?.textContent)).toEqual([
      'iDEAL',
      'Credit card',
      'PayPal',
      'Bank transfer',
    ]);
    // Each has its mark, drawn locally (no images).
    expect(options.every((o) => o.querySelector('svg.method-mark'))).toBe(true);
    expect(document.querySelector('img')).toBeNull();
    // Nothing chosen yet: Pay waits for a method.
    const pay = screen.getByTestId('checkout-pay') as HTMLButtonElement;
    expect(pay.disabled).toBe(true);
    expect(screen.getByText('Choose how you want to pay.')).toBeTruthy();

    fireEvent.click(within(options[0]!).getByRole('radio'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/credits/3/ideal'));
    const ideal = screen.getAllByTestId('method-option')[0]!;
    expect((within(ideal).getByRole('radio') as HTMLInputElement).checked).toBe(true);
    expect(ideal.className).toContain('is-selected');
    expect((screen.getByTestId('checkout-pay') as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByTestId('checkout-pay').textContent).toBe('Pay €39.95 with iDEAL');
    expect(document.title).toBe('Checkout - Amora');
  });

  it('pays the bundle with the method of the URL and goes to the checkout URL', async () => {
    const fetchMock = mockFetch({ payment: () => json(200, { payment: payment() }) });
    await renderWithProviders(routes, '/credits/3/ideal', { fetch: fetchMock });
    const pay = await screen.findByTestId('checkout-pay');
    expect((pay as HTMLButtonElement).disabled).toBe(false);
    // The statement right above the button: paying is the express request to start at once (issue 23, point 3).
    expect(screen.getByTestId('checkout-immediate-start').textContent).toContain(
      'By paying, I ask Amora to start at once',
    );
    fireEvent.click(pay);
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('http://localhost/test-provider/checkout/tr_test0123456789abcdef'),
    );
    expect(paymentCalls(fetchMock)).toEqual([{ bundle_id: 3, method: 'ideal', immediate_start: true }]);
    // The app is being left: the button stays busy so it cannot be pressed twice.
    expect(screen.getByTestId('checkout-pay').getAttribute('aria-busy')).toBe('true');
  });

  it('names Verotel and the statement text on a Verotel site; a general-provider site names no provider', async () => {
    const verotel = mockFetch({
      credits: () =>
        json(200, {
          ...CATALOGUE,
          methods: ['visa', 'mastercard'],
          payment_provider: { name: 'verotel', billing_descriptor: 'NB-SERVICES' },
        }),
    });
    await renderWithProviders(routes, '/credits/3/visa', { fetch: verotel });
    expect((await screen.findByTestId('checkout-provider')).textContent).toBe(
      'You pay through Verotel, on its secure payment page. Your bank or card statement shows “NB-SERVICES”.',
    );
    cleanup();
    await renderWithProviders(routes, '/credits/3/ideal', { fetch: mockFetch() });
    await screen.findByTestId('checkout-pay');
    expect(screen.queryByTestId('checkout-provider')).toBeNull();
  });

  it('goes to the payment status when the provider needs no page', async () => {
    const fetchMock = mockFetch({
      payment: () => json(200, { payment: payment({ status: 'paid', checkout_url: null }) }),
    });
    const { router } = await renderWithProviders(routes, '/credits/1/paypal', { fetch: fetchMock });
    fireEvent.click(await screen.findByTestId('checkout-pay'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/transactions/41'));
    expect(paymentCalls(fetchMock)).toEqual([{ bundle_id: 1, method: 'paypal', immediate_start: true }]);
    expect(assign).not.toHaveBeenCalled();
  });

  it('shows a failure with the server text, lets the member retry or choose another method', async () => {
    let answer = json(503, {
      error: { code: 'payment_provider_unavailable', message: 'The payment service cannot be reached.' },
    });
    const fetchMock = mockFetch({ payment: () => answer });
    await renderWithProviders(routes, '/credits/3/ideal', { fetch: fetchMock });
    fireEvent.click(await screen.findByTestId('checkout-pay'));
    const error = await screen.findByTestId('checkout-error');
    expect(error.textContent).toContain('The payment service cannot be reached.');
    expect(assign).not.toHaveBeenCalled();
    expect((screen.getByTestId('checkout-pay') as HTMLButtonElement).disabled).toBe(false);

    // Retry: this time it works.
    answer = json(200, { payment: payment() });
    fireEvent.click(within(error).getByTestId('checkout-retry'));
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(paymentCalls(fetchMock)).toHaveLength(2);
    cleanup();

    // A method refused by the server: choosing another clears the method from the URL.
    const { router } = await renderWithProviders(routes, '/credits/3/ideal', {
      fetch: mockFetch({
        payment: () =>
          json(400, {
            error: { code: 'payment_method_not_available', message: 'Please choose another one.' },
          }),
      }),
    });
    fireEvent.click(await screen.findByTestId('checkout-pay'));
    const refused = await screen.findByTestId('checkout-error');
    expect(refused.textContent).toContain('Please choose another one.');
    expect(within(refused).queryByTestId('checkout-retry')).toBeNull();
    fireEvent.click(within(refused).getByTestId('checkout-other-method'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/credits/3'));
    expect(screen.queryByTestId('checkout-error')).toBeNull();
    expect((screen.getByTestId('checkout-pay') as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows a generic text for network trouble', async () => {
    const fetchMock = mockFetch();
    fetchMock.mockImplementation(async (input: string) => {
      if (String(input).includes('/api/payment.php')) throw new TypeError('Failed to fetch');
      return json(200, CATALOGUE);
    });
    await renderWithProviders(routes, '/credits/3/ideal', { fetch: fetchMock });
    fireEvent.click(await screen.findByTestId('checkout-pay'));
    expect((await screen.findByTestId('checkout-error')).textContent).toContain(
      'The payment could not be started. Nothing was charged; please try again.',
    );
  });

  it('says when the bundle is not available in the country, with a way back', async () => {
    await renderWithProviders(routes, '/credits/99/ideal', { fetch: mockFetch() });
    const unknown = await screen.findByTestId('checkout-unknown-bundle');
    expect(unknown.textContent).toContain('This package is not available in your country.');
    expect(within(unknown).getByRole('link').getAttribute('href')).toBe('/credits');
    expect(screen.queryByTestId('checkout-pay')).toBeNull();
  });

  it('offers only the methods the price list names (those switched on at the provider)', async () => {
    // The NL price list as the server answers it when the provider has only card and iDEAL switched on.
    await renderWithProviders(routes, '/credits/3', {
      fetch: mockFetch({ credits: () => json(200, { ...CATALOGUE, methods: ['creditcard', 'ideal'] }) }),
    });
    await screen.findByTestId('checkout-pay');
    const offered = screen.getAllByTestId('method-option').map((o) => o.getAttribute('data-method'));
    expect(offered).toEqual(['ideal', 'creditcard']);
    cleanup();

    // A method the list leaves out cannot be chosen through the address either.
    await renderWithProviders(routes, '/credits/3/paypal', {
      fetch: mockFetch({ credits: () => json(200, { ...CATALOGUE, methods: ['creditcard', 'ideal'] }) }),
    });
    expect(await screen.findByTestId('checkout-method-unavailable')).toBeTruthy();
    expect(screen.queryByRole('radio', { name: /paypal/i })).toBeNull();
    expect((screen.getByTestId('checkout-pay') as HTMLButtonElement).disabled).toBe(true);
  });

  it('a method switched off at the provider: says so, keeps the member here and asks for the methods again', async () => {
    let methods: string[] = ['creditcard', 'paypal', 'ideal', 'sct'];
    const fetchMock = mockFetch({
      credits: () => json(200, { ...CATALOGUE, methods }),
      payment: () =>
        json(409, {
          error: {
            code: 'payment_method_inactive',
            message: 'This payment method is not available right now. Please choose another.',
          },
        }),
    });
    const { router } = await renderWithProviders(routes, '/credits/3/ideal', { fetch: fetchMock });
    const creditCalls = () =>
      fetchMock.mock.calls.filter((c) => String(c[0]).includes('/api/credits.php')).length;
    const before = creditCalls();
    methods = ['creditcard', 'paypal', 'sct'];
    fireEvent.click(await screen.findByTestId('checkout-pay'));
    const error = await screen.findByTestId('checkout-error');
    expect(error.textContent).toContain(
      'This payment method is not available right now. Please choose another.',
    );
    expect(within(error).queryByTestId('checkout-retry')).toBeNull();
    // Still on the checkout of the bundle, with no method chosen and the refreshed methods, without iDEAL.
    await waitFor(() => expect(router.state.location.pathname).toBe('/credits/3'));
    await waitFor(() => expect(creditCalls()).toBeGreaterThan(before));
    await waitFor(() =>
      expect(screen.getAllByTestId('method-option').map((o) => o.getAttribute('data-method'))).not.toContain(
        'ideal',
      ),
    );
    expect(screen.getByTestId('checkout-error')).toBeTruthy();
    expect((screen.getByTestId('checkout-pay') as HTMLButtonElement).disabled).toBe(true);
    expect(paymentCalls(fetchMock)).toHaveLength(1);
  });

  it('does not pay with a method the country does not offer', async () => {
    await renderWithProviders(routes, '/credits/3/bancontact', { fetch: mockFetch() });
    expect(await screen.findByTestId('checkout-method-unavailable')).toBeTruthy();
    expect((screen.getByTestId('checkout-pay') as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the test-mode notice and no premium note for a paid member', async () => {
    await renderWithProviders(routes, '/credits/3', {
      fetch: mockFetch({ credits: () => json(200, { ...CATALOGUE, test_mode: true }) }),
      user: member({ paid_user: true }),
    });
    expect(await screen.findByTestId('payments-test-mode')).toBeTruthy();
    expect(screen.queryByTestId('checkout-premium-note')).toBeNull();
  });
});

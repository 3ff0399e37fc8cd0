// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  DiscountCodeInfo,
  DiscountResponse,
  TimeBonusResponse,
} from '../../../shared/schemas/discounts';
import type { Payment } from '../../../shared/schemas/payments';
import { timeBonusClock } from '../../features/discounts/time-bonus-clock';
import { checkoutNavigation } from '../../features/payments/components/checkout-navigation';
import { json, mockFetch, renderWithProviders } from '../../features/payments/components/payments-test-kit';
import discounts from '../../locales/en/discounts.json';
import { CheckoutPage } from './CheckoutPage';
import { CreditsPage } from './CreditsPage';

const routes = [
  { path: '/credits', element: <CreditsPage /> },
  { path: '/credits/:id/:paymentmethod?', element: <CheckoutPage /> },
  { path: '/transactions/:id?', element: <p>transactions screen</p> },
];

const codeInfo = (code: string, percentage = 25): DiscountCodeInfo => ({
  code,
  country: null,
  user_id: null,
  expires: null,
  value_percentage: percentage,
  percentage,
  currency: null,
  minimum_order_value: 0,
  status: 'active',
  validity: 'once_per_user',
  expired: false,
  paymentmethods: [],
});

/** Bundle 3 of the test catalogue costs €39.95: 25 % off is €9.99. */
const priced = (code: string): DiscountResponse => ({
  discount_code: codeInfo(code),
  price: { list_amount: 3995, discount: 999, amount: 2996, currency: 'EUR' },
});

const refusal = (status: number, code: string, message: string) => json(status, { error: { code, message } });

const NO_BONUS: TimeBonusResponse = {
  visible: false,
  code: null,
  percentage: 25,
  ends_at: null,
  seconds_left: 0,
};

const payment: Payment = {
  id: 41,
  bundle_id: 3,
  sequence_type: 'oneoff',
  status: 'open',
  credits: 150,
  amount: 2996,
  currency: 'EUR',
  vat: 520,
  method: 'ideal',
  created_at: '2026-01-01T00:00:00Z',
  paid_at: null,
  credits_reversed: 0,
  checkout_url: 'http://localhost/test-provider/checkout/tr_test0123456789abcdef',
};

interface Server {
  check?: (q: URLSearchParams) => Response;
  welcome?: () => Response;
  timeBonus?: () => Response;
  payment?: (body: unknown) => Response;
}

/** The payments fake server plus the discount calls. */
function discountFetch(server: Server = {}) {
  const payments = mockFetch({ payment: server.payment ?? (() => json(200, { payment })) });
  return vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    if (url.pathname === '/api/discountcode.php') {
      if (url.searchParams.get('welcome') === 'true')
        return server.welcome?.() ?? json(200, { discount_code: null, price: null });
      return server.check?.(url.searchParams) ?? refusal(404, 'code_not_found', 'Code niet gevonden');
    }
    if (url.pathname === '/api/time-bonus.php') return server.timeBonus?.() ?? json(200, NO_BONUS);
    return payments(input, init);
  });
}

const render = (path: string, fetch: ReturnType<typeof discountFetch>) =>
  renderWithProviders(routes, path, { fetch, extraResources: { discounts } });

/** The discount checks asked of the server: code and method of each. */
const checks = (fetchMock: ReturnType<typeof discountFetch>) =>
  fetchMock.mock.calls
    .map((c) => new URL(String(c[0]), 'http://localhost'))
    .filter((u) => u.pathname === '/api/discountcode.php' && u.searchParams.has('code'))
    .map((u) => Object.fromEntries(u.searchParams));

const paymentBodies = (fetchMock: ReturnType<typeof discountFetch>) =>
  fetchMock.mock.calls
    .filter((c) => String(c[0]).includes('/api/payment.php'))
    .map((c) => JSON.parse(String(c[1]?.body)) as unknown);

const total = () => screen.getByTestId('checkout-total').textContent;

describe('checkout discount code', () => {
  let assign: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    timeBonusClock.reset();
    assign = vi.spyOn(checkoutNavigation, 'assign').mockImplementation(() => undefined);
  });
  afterEach(() => {
    cleanup();
    timeBonusClock.reset();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('applies a code: the list price struck through, the discount line and the new total, then pays with it', async () => {
    const fetchMock = discountFetch({ check: (q) => json(200, priced(q.get('code')!)) });
    await render('/credits/3/ideal', fetchMock);
    expect(await screen.findByTestId('checkout-total')).toHaveProperty('textContent', '€39.95');
    // No active discount: the field waits behind its link.
    await waitFor(() =>
      expect(fetchMock.mock.calls.some((c) => String(c[0]).includes('welcome'))).toBe(true),
    );
    expect(screen.queryByTestId('discount-input')).toBeNull();
    fireEvent.click(screen.getByTestId('discount-toggle'));
    fireEvent.change(screen.getByTestId('discount-input'), { target: { value: ' spring25 ' } });
    fireEvent.click(screen.getByTestId('discount-apply'));

    expect((await screen.findByTestId('discount-applied')).textContent).toContain('Code spring25 applied');
    expect(checks(fetchMock)).toEqual([{ code: 'spring25', bundle_id: '3', method: 'ideal' }]);
    expect(total()).toBe('€29.96');
    expect(screen.getByTestId('checkout-list-price').textContent).toBe('Original price: €39.95');
    expect(screen.getByTestId('checkout-discount').textContent).toBe('Discount (spring25)\u2212€9.99 (25%)');
    expect(screen.getByTestId('checkout-vat').textContent).toBe('VAT included (21%)');
    expect(screen.getByTestId('checkout-pay').textContent).toBe('Pay €29.96 with iDEAL');

    fireEvent.click(screen.getByTestId('checkout-pay'));
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(paymentBodies(fetchMock)).toEqual([{ bundle_id: 3, method: 'ideal', discount_code: 'spring25' }]);
  });

  it("shows the server's refusal under the field and pays the list price without the code", async () => {
    const fetchMock = discountFetch();
    await render('/credits/3/ideal', fetchMock);
    fireEvent.click(await screen.findByTestId('discount-toggle'));
    fireEvent.change(screen.getByTestId('discount-input'), { target: { value: 'NOPE' } });
    fireEvent.click(screen.getByTestId('discount-apply'));

    const error = await screen.findByTestId('discount-error');
    expect(error.textContent).toBe('Code niet gevonden');
    const input = screen.getByTestId('discount-input') as HTMLInputElement;
    expect(input.value).toBe('NOPE');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(error.id);
    expect(total()).toBe('€39.95');
    expect(screen.queryByTestId('checkout-discount')).toBeNull();

    fireEvent.click(screen.getByTestId('checkout-pay'));
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(paymentBodies(fetchMock)).toEqual([{ bundle_id: 3, method: 'ideal' }]);
  });

  it('puts a refusal of the payment call at the field and keeps the rest', async () => {
    let pays = 0;
    const fetchMock = discountFetch({
      check: (q) => json(200, priced(q.get('code')!)),
      payment: () => {
        pays++;
        return pays === 1
          ? refusal(409, 'code_used', 'Code reeds gebruikt')
          : json(200, { payment: { ...payment, amount: 3995 } });
      },
    });
    const { router } = await render('/credits/3/ideal?code=STAY-AB12', fetchMock);
    await screen.findByTestId('discount-applied');
    expect(total()).toBe('€29.96');
    fireEvent.click(screen.getByTestId('checkout-pay'));

    expect((await screen.findByTestId('discount-error')).textContent).toBe('Code reeds gebruikt');
    expect(screen.queryByTestId('checkout-error')).toBeNull();
    expect(router.state.location.pathname).toBe('/credits/3/ideal');
    expect(total()).toBe('€39.95');
    const pay = screen.getByTestId('checkout-pay') as HTMLButtonElement;
    expect(pay.disabled).toBe(false);
    expect(pay.textContent).toBe('Pay €39.95 with iDEAL');
    expect(assign).not.toHaveBeenCalled();

    // Paying again goes on without the refused code.
    fireEvent.click(pay);
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(paymentBodies(fetchMock)).toEqual([
      { bundle_id: 3, method: 'ideal', discount_code: 'STAY-AB12' },
      { bundle_id: 3, method: 'ideal' },
    ]);
  });

  it('checks the code again when the method changes (a code may forbid a method)', async () => {
    const fetchMock = discountFetch({
      check: (q) =>
        q.get('method') === 'paypal'
          ? refusal(400, 'code_method_not_allowed', 'This code cannot be used with this payment method.')
          : json(200, priced(q.get('code')!)),
    });
    const { router } = await render('/credits/3?code=STAY-AB12', fetchMock);
    await screen.findByTestId('discount-applied');
    expect(total()).toBe('€29.96');

    const option = (m: string) =>
      screen.getAllByTestId('method-option').find((o) => o.getAttribute('data-method') === m)!;
    fireEvent.click(within(option('paypal')).getByRole('radio'));
    expect((await screen.findByTestId('discount-error')).textContent).toBe(
      'This code cannot be used with this payment method.',
    );
    // The code stays in the URL with the method.
    expect(router.state.location.pathname).toBe('/credits/3/paypal');
    expect(router.state.location.search).toBe('?code=STAY-AB12');
    expect(total()).toBe('€39.95');

    fireEvent.click(within(option('ideal')).getByRole('radio'));
    await screen.findByTestId('discount-applied');
    expect(total()).toBe('€29.96');
    expect(checks(fetchMock)).toEqual([
      { code: 'STAY-AB12', bundle_id: '3' },
      { code: 'STAY-AB12', bundle_id: '3', method: 'paypal' },
      { code: 'STAY-AB12', bundle_id: '3', method: 'ideal' },
    ]);
  });

  it('applies the time bonus by itself, and Remove takes it off for good', async () => {
    const fetchMock = discountFetch({
      timeBonus: () =>
        json(200, {
          visible: true,
          code: 'TIMEBONUS25',
          percentage: 25,
          ends_at: new Date(Date.now() + 3_600_000).toISOString(),
          seconds_left: 3600,
        }),
      check: (q) => json(200, priced(q.get('code')!)),
    });
    await render('/credits/3/ideal', fetchMock);
    expect((await screen.findByTestId('discount-applied')).textContent).toContain('Code TIMEBONUS25 applied');
    expect(total()).toBe('€29.96');
    // The time bonus is the active discount: the welcome code is not asked for.
    expect(fetchMock.mock.calls.some((c) => String(c[0]).includes('welcome'))).toBe(false);

    fireEvent.click(screen.getByTestId('discount-remove'));
    expect(total()).toBe('€39.95');
    expect(screen.queryByTestId('discount-applied')).toBeNull();
    expect((screen.getByTestId('discount-input') as HTMLInputElement).value).toBe('');
    fireEvent.click(screen.getByTestId('checkout-pay'));
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(paymentBodies(fetchMock)).toEqual([{ bundle_id: 3, method: 'ideal' }]);
  });

  it('applies the welcome code without a time bonus, and ignores a failing welcome call', async () => {
    const fetchMock = discountFetch({
      welcome: () => json(200, { discount_code: codeInfo('WELCOME25'), price: null }),
      check: (q) => json(200, priced(q.get('code')!)),
    });
    await render('/credits/3', fetchMock);
    expect((await screen.findByTestId('discount-applied')).textContent).toContain('Code WELCOME25 applied');
    expect(checks(fetchMock)).toEqual([{ code: 'WELCOME25', bundle_id: '3' }]);
    cleanup();

    const failing = discountFetch({
      welcome: () => refusal(400, 'bad_request', 'Something is wrong'),
      timeBonus: () => refusal(404, 'not_found', 'Not found'),
    });
    await render('/credits/3/ideal', failing);
    await waitFor(() => expect(failing.mock.calls.some((c) => String(c[0]).includes('welcome'))).toBe(true));
    expect(await screen.findByTestId('discount-toggle')).toBeTruthy();
    expect(screen.queryByTestId('discount-error')).toBeNull();
    expect(screen.queryByText('Something is wrong')).toBeNull();
    expect(total()).toBe('€39.95');
  });

  it('takes ?code= of the credits page along to the checkout', async () => {
    const fetchMock = discountFetch({ check: (q) => json(200, priced(q.get('code')!)) });
    const { router } = await render('/credits?code=STAY-AB12', fetchMock);
    const cards = await screen.findAllByTestId('bundle-card');
    expect(cards.map((c) => c.getAttribute('href'))).toEqual([
      '/credits/1?code=STAY-AB12',
      '/credits/2?code=STAY-AB12',
      '/credits/3?code=STAY-AB12',
      '/credits/4?code=STAY-AB12',
    ]);
    expect(screen.getByTestId('credits-code-note').textContent).toBe(
      'Your discount code STAY-AB12 is applied at checkout.',
    );
    fireEvent.click(cards[2]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/credits/3'));
    expect((await screen.findByTestId('discount-applied')).textContent).toContain('Code STAY-AB12 applied');
    expect(total()).toBe('€29.96');
  });
});

// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DiscountCodeInfo, DiscountResponse } from '../../../shared/schemas/discounts';
import type { ActiveDiscount, CreditsResponse, Payment } from '../../../shared/schemas/payments';
import { timeBonusClock } from '../../features/discounts/time-bonus-clock';
import { checkoutNavigation } from '../../features/payments/components/checkout-navigation';
import {
  CATALOGUE,
  json,
  mockFetch,
  renderWithProviders,
} from '../../features/payments/components/payments-test-kit';
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

/** Bundle 3 of the test catalogue costs €39.95: 25 % off is €9.99 (a mocked answer), €1.00 a message. */
const priced = (code: string): DiscountResponse => ({
  discount_code: codeInfo(code),
  price: { list_amount: 3995, discount: 999, amount: 2996, currency: 'EUR', per_message: 100 },
});

/** The price list (credits.php) with the member's discount priced in, bundle 3 as `priced` prices it. */
const listedWith = (discount: ActiveDiscount): CreditsResponse => ({
  ...CATALOGUE,
  discount,
  bundles: CATALOGUE.bundles.map((b) => ({
    ...b,
    offer:
      b.id === 3
        ? { amount: 2996, discount: 999, per_message: 100 }
        : {
            amount: b.amount - Math.floor(b.amount / 4),
            discount: Math.floor(b.amount / 4),
            per_message: null,
          },
  })),
});
const TIME_BONUS: ActiveDiscount = {
  code: 'TIMEBONUS25',
  percentage: 25,
  source: 'time_bonus',
  ends_at: new Date(Date.now() + 3_600_000).toISOString(),
};

const refusal = (status: number, code: string, message: string) => json(status, { error: { code, message } });

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
  /** the price list; by default without a discount */
  credits?: (url: URL) => Response;
  check?: (q: URLSearchParams) => Response | Promise<Response>;
  payment?: (body: unknown) => Response;
}

/** The payments fake server plus the discount calls. */
function discountFetch(server: Server = {}) {
  const payments = mockFetch({
    ...(server.credits ? { credits: server.credits } : {}),
    payment: server.payment ?? (() => json(200, { payment })),
  });
  return vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    if (url.pathname === '/api/discountcode.php')
      return (await server.check?.(url.searchParams)) ?? refusal(404, 'code_not_found', 'Code niet gevonden');
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
    // No discount in the price list: the field waits behind its link.
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
    // The price per message follows the code, as the server priced it.
    expect(screen.getByTestId('message-price').textContent).toBe('€1.00');
    expect(screen.getByTestId('checkout-per-message').textContent).toContain(
      'Original price: €1.34 €1.00 per message',
    );
    expect(screen.getByTestId('checkout-pay').textContent).toBe('Pay €29.96 with iDEAL');

    fireEvent.click(screen.getByTestId('checkout-pay'));
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(paymentBodies(fetchMock)).toEqual([
      { bundle_id: 3, method: 'ideal', discount_code: 'spring25', immediate_start: true },
    ]);
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
    expect(paymentBodies(fetchMock)).toEqual([{ bundle_id: 3, method: 'ideal', immediate_start: true }]);
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
      { bundle_id: 3, method: 'ideal', discount_code: 'STAY-AB12', immediate_start: true },
      { bundle_id: 3, method: 'ideal', immediate_start: true },
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

  it("applies the price list's time bonus by itself, and Remove takes it off for good", async () => {
    const fetchMock = discountFetch({
      credits: () => json(200, listedWith(TIME_BONUS)),
      check: (q) => json(200, priced(q.get('code')!)),
    });
    await render('/credits/3/ideal', fetchMock);
    expect((await screen.findByTestId('discount-applied')).textContent).toContain('Code TIMEBONUS25 applied');
    expect(total()).toBe('€29.96');
    expect(screen.getByTestId('message-price').textContent).toBe('€1.00');
    expect(screen.getByTestId('discount-applied').textContent).toContain('25% off');

    fireEvent.click(screen.getByTestId('discount-remove'));
    expect(total()).toBe('€39.95');
    expect(screen.getByTestId('message-price').textContent).toBe('€1.34');
    expect(screen.queryByTestId('message-price-discount')).toBeNull();
    expect(screen.queryByTestId('discount-applied')).toBeNull();
    expect((screen.getByTestId('discount-input') as HTMLInputElement).value).toBe('');
    fireEvent.click(screen.getByTestId('checkout-pay'));
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(paymentBodies(fetchMock)).toEqual([{ bundle_id: 3, method: 'ideal', immediate_start: true }]);
  });

  it("applies the price list's welcome code, checked for the bundle", async () => {
    const fetchMock = discountFetch({
      credits: () =>
        json(200, listedWith({ code: 'WELCOME25', percentage: 25, source: 'welcome', ends_at: null })),
      check: (q) => json(200, priced(q.get('code')!)),
    });
    await render('/credits/3', fetchMock);
    expect((await screen.findByTestId('discount-applied')).textContent).toContain('Code WELCOME25 applied');
    expect(checks(fetchMock)).toEqual([{ code: 'WELCOME25', bundle_id: '3' }]);
    // No separate call for the active discount: the price list has it.
    expect(fetchMock.mock.calls.some((c) => /welcome=true|time-bonus\.php/.test(String(c[0])))).toBe(false);
  });

  it('never shows another amount on the Pay button than the one charged: none while the discount is checked', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    const fetchMock = discountFetch({
      credits: () => json(200, listedWith(TIME_BONUS)),
      check: async (q) => {
        await held;
        return json(200, priced(q.get('code')!));
      },
    });
    await render('/credits/3/ideal', fetchMock);
    const pay = (await screen.findByTestId('checkout-pay')) as HTMLButtonElement;
    // The summary shows the price list's offer at once; the button names no amount and says why it waits.
    expect(total()).toBe('€29.96');
    expect(screen.getByTestId('checkout-list-price').textContent).toBe('Original price: €39.95');
    expect(pay.disabled).toBe(true);
    expect(pay.textContent).toBe('Checking your discount…');
    expect(pay.textContent).not.toContain('€39.95');
    release();
    await waitFor(() => expect(pay.textContent).toBe('Pay €29.96 with iDEAL'));
    expect(pay.disabled).toBe(false);
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

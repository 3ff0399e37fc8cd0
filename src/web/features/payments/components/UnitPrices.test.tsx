// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DiscountResponse } from '../../../../shared/schemas/discounts';
import type { CreditsResponse } from '../../../../shared/schemas/payments';
import chat from '../../../locales/en/chat.json';
import common from '../../../locales/en/common.json';
import discounts from '../../../locales/en/discounts.json';
import pages from '../../../locales/en/pages.json';
import { CheckoutPage } from '../../../pages/credits/CheckoutPage';
import { CreditsPage } from '../../../pages/credits/CreditsPage';
import { PremiumPage } from '../../../pages/premium/PremiumPage';
import { PricingPage } from '../../../pages/pricing/PricingPage';
import { conversation } from '../../chat/chat-test-kit';
import { ChatPriceLine } from '../../chat/components/ChatPriceLine';
import { bundle, CATALOGUE, json, mockFetch, renderWithProviders } from './payments-test-kit';

/**
 * Issue 27: chat, /pricing, /credits, checkout and /premium show the same price of a message for one answer of
 * GET /api/credits.php (the server's one computation). The answer: the NL catalogue for a member in the time bonus,
 * 25 % off: the cheapest message €1.13, €0.85 with the bonus (400 credits for €89.95, €67.47 with the bonus).
 */
const ANSWER: CreditsResponse = {
  ...CATALOGUE,
  bundles: [
    bundle(1, 25, 995, { offer: { amount: 747, discount: 248, per_message: 150 } }),
    bundle(2, 60, 1995, { offer: { amount: 1497, discount: 498, per_message: 125 } }),
    bundle(3, 150, 3995, { best_value: true, offer: { amount: 2997, discount: 998, per_message: 100 } }),
    bundle(4, 400, 8995, { offer: { amount: 6747, discount: 2248, per_message: 85 } }),
  ],
  discount: { code: 'TIMEBONUS25', percentage: 25, source: 'time_bonus', ends_at: '2099-01-01T00:00:00Z' },
  unit_prices: {
    message: { credits: 5, from: 113, bundle_id: 4, offer_from: 85 },
    photo: { credits: 10, from: 225, bundle_id: 4, offer_from: 169 },
    gift: { credits: 20, from: 450, bundle_id: 4, offer_from: 338 },
  },
};

/** The discount check of checkout for bundle 4, as the server prices it (the same math). */
const CHECKED: DiscountResponse = {
  discount_code: {
    code: 'TIMEBONUS25',
    country: null,
    user_id: null,
    expires: '2099-01-01T00:00:00Z',
    value_percentage: 25,
    percentage: 25,
    currency: null,
    minimum_order_value: 0,
    status: 'active',
    validity: 'once_per_user',
    expired: false,
    paymentmethods: [],
  },
  price: { list_amount: 8995, discount: 2248, amount: 6747, currency: 'EUR', per_message: 85 },
};

function server() {
  const base = mockFetch({ credits: () => json(200, ANSWER) });
  return vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    if (url.pathname === '/api/companyinfo.php')
      return json(200, {
        companyinfo: {
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
        },
      });
    if (url.pathname === '/api/discountcode.php') return json(200, CHECKED);
    return base(input, init);
  }) as unknown as ReturnType<typeof mockFetch>;
}

const routes = [
  { path: '/pricing', element: <PricingPage /> },
  { path: '/credits', element: <CreditsPage /> },
  { path: '/credits/:id/:paymentmethod?', element: <CheckoutPage /> },
  { path: '/premium', element: <PremiumPage /> },
  { path: '/chat', element: <ChatPriceLine conversation={conversation({ free_messages_left: 3 })} id="c" /> },
];

async function priceOn(path: string): Promise<{ price: string; list: string; label: string | null }> {
  await renderWithProviders(routes, path, {
    fetch: server(),
    extraResources: { pages, common, discounts, chat },
  });
  const figure = await screen.findByTestId('message-price');
  await waitFor(() => expect(figure.textContent).toBe('€0.85'));
  const whole = figure.closest('.price-figure') as HTMLElement;
  return {
    price: figure.textContent!,
    list: whole.querySelector('del')!.textContent!,
    label: within(whole).queryByTestId('message-price-discount')?.textContent ?? null,
  };
}

describe('the price of a message, the same on every screen', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('chat, /pricing, /credits, checkout of the cheapest bundle and /premium show the answer’s figure', async () => {
    const shown: Record<string, { price: string; list: string; label: string | null }> = {};
    for (const path of ['/chat', '/pricing', '/credits', '/credits/4/ideal', '/premium']) {
      shown[path] = await priceOn(path);
      cleanup();
    }
    const labelled = { price: '€0.85', list: 'Original price: €1.13', label: ' with your 25% welcome bonus' };
    expect(shown).toEqual({
      '/chat': labelled,
      '/pricing': labelled,
      '/credits': labelled,
      // Checkout names the discount in its code line ("Code TIMEBONUS25 applied"), not again at the figure.
      '/credits/4/ideal': { ...labelled, label: null },
      '/premium': labelled,
    });
  });

  it('says in one line what the free messages and the credits are', async () => {
    await renderWithProviders(routes, '/chat', { fetch: server(), extraResources: { chat } });
    await waitFor(() =>
      expect(screen.getByTestId('chat-cost').textContent).toBe(
        '3 free messages left, then 5 credits (from Original price: €1.13 €0.85 with your 25% welcome bonus) per message',
      ),
    );
    cleanup();
    await renderWithProviders(routes, '/pricing', {
      fetch: server(),
      user: null,
      extraResources: { pages, common },
    });
    expect((await screen.findByTestId('pricing-starter')).textContent).toBe('3 free messages10 credits free');
    await waitFor(() =>
      expect(screen.getByTestId('pricing-terms').textContent).toContain(
        'New members get 3 free messages, then a message costs 5 credits (from',
      ),
    );
  });

  it('shows list prices only, and no label, when the answer has no discount', async () => {
    const plain = vi.fn(async () => json(200, CATALOGUE)) as unknown as ReturnType<typeof mockFetch>;
    await renderWithProviders(routes, '/credits', { fetch: plain });
    const figure = await screen.findByTestId('message-price');
    expect(figure.textContent).toBe('€1.13');
    expect(screen.queryByTestId('message-price-discount')).toBeNull();
    expect(screen.queryByTestId('credits-discount-note')).toBeNull();
  });

  it('/credits shows the discounted prices beside the struck-through ones before a package is chosen', async () => {
    await renderWithProviders(routes, '/credits', { fetch: server(), extraResources: { discounts } });
    expect((await screen.findByTestId('credits-discount-note')).textContent).toBe(
      'Your welcome bonus (25% off) is already included in the prices below.',
    );
    const cards = screen.getAllByTestId('bundle-card');
    const last = cards[3]!;
    expect(within(last).getByTestId('bundle-price').textContent).toBe('€67.47');
    expect(last.querySelector('.bundle-card-price del')?.textContent).toBe('Original price: €89.95');
    expect(within(last).getByTestId('bundle-per-message').textContent).toBe('€0.85');
    expect(within(last).getByTestId('bundle-offer').textContent).toBe('25% off');
  });
});

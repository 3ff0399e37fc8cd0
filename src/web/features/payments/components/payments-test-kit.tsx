import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { CurrentUser } from '../../../../shared/schemas/accounts';
import type { CreditsResponse, PricedBundle } from '../../../../shared/schemas/payments';
import type { SettingsResponse } from '../../../../shared/schemas/sites';
import payments from '../../../locales/en/payments.json';

/** Test helpers of the buying screens' component tests (imported by *.test.tsx only). */

/** A bundle of the price list as the server answers it: 5 credits a message, its price per message rounded up. */
export const bundle = (
  id: number,
  credits: number,
  amount: number,
  extra: Partial<PricedBundle> = {},
): PricedBundle => ({
  id,
  credits,
  style: 'p0',
  best_value: false,
  amount,
  currency: 'EUR',
  vat: Math.round((amount * 21) / 121),
  vat_rate_bp: 2100,
  per_message: Math.ceil((amount * 5) / credits),
  offer: null,
  ...extra,
});

export const CATALOGUE: CreditsResponse = {
  country: 'NL',
  currency: 'EUR',
  bundles: [
    bundle(1, 25, 995, { style: 'p0' }),
    bundle(2, 60, 1995, { style: 'p1' }),
    bundle(3, 150, 3995, { style: 'p2', best_value: true }),
    bundle(4, 400, 8995, { style: 'p3' }),
  ],
  discount: null,
  unit_prices: {
    message: { credits: 5, from: 113, bundle_id: 4, offer_from: null },
    photo: { credits: 10, from: 225, bundle_id: 4, offer_from: null },
    gift: { credits: 20, from: 450, bundle_id: 4, offer_from: null },
  },
  starter: { free_messages: 3, credits: 10 },
  methods: ['creditcard', 'paypal', 'ideal', 'sct'],
  test_mode: false,
};

export const member = (extra: Partial<CurrentUser> = {}): CurrentUser => ({
  id: 7,
  email: 'eva@example.com',
  profile: { id: 70, name: 'Eva', main_image: null, country: 'NL', status: 'active' },
  credits: 3,
  paid_user: false,
  signup_date: '2026-01-01T00:00:00Z',
  language: 'en',
  fictional_icon: 'stars',
  status: 'active',
  notifications_disabled: [],
  ...extra,
});

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export interface FakeServer {
  credits?: (url: URL) => Response;
  payment?: (body: unknown) => Response;
}

/** A fetch answering the payments calls; every call is recorded by the mock. */
export function mockFetch(server: FakeServer = {}) {
  return vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const method = init?.method ?? 'GET';
    if (url.pathname === '/api/credits.php' && method === 'GET')
      return server.credits?.(url) ?? json(200, CATALOGUE);
    if (url.pathname === '/api/payment.php' && method === 'POST')
      return server.payment?.(JSON.parse(String(init?.body))) ?? json(500, {});
    return json(404, { error: { code: 'not_found', message: 'Not found' } });
  });
}

export async function renderWithProviders(
  routes: RouteObject[],
  path: string,
  opts: {
    fetch: ReturnType<typeof mockFetch>;
    user?: CurrentUser | null;
    extraResources?: Record<string, Record<string, unknown>>;
  },
): Promise<{ router: ReturnType<typeof createMemoryRouter>; queryClient: QueryClient }> {
  vi.stubGlobal('fetch', opts.fetch);
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    resources: {
      en: { payments, common: { loading: 'Loading…' }, ...opts.extraResources },
    },
    ns: ['payments', 'common', ...Object.keys(opts.extraResources ?? {})],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(['settings'], {
    settings: {
      name: 'Amora',
      description: 'Dating',
      domain: 'amora.test',
      message_credits: 5,
      photo_credits: 10,
      gift_credits: 20,
      signup_credits: 15,
      geoip_selected_country: 'NL',
      support_email: 'support@amora.test',
      support_phone: '020-123 4567',
      refund_days: 14,
      min_age: 18,
    },
    domain_language: 'en',
  } as unknown as SettingsResponse);
  queryClient.setQueryData(['user'], opts.user === undefined ? member() : opts.user);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const ui: ReactNode = (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>
  );
  render(ui);
  return { router, queryClient };
}

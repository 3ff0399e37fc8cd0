// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RULES } from '../../../shared/rules';
import {
  CATALOGUE,
  json,
  member,
  mockFetch,
  renderWithProviders,
} from '../../features/payments/components/payments-test-kit';
import { PremiumPage } from './PremiumPage';

const routes = [
  { path: '/premium', element: <PremiumPage /> },
  { path: '/credits/:id/:paymentmethod?', element: <p>checkout screen</p> },
];

describe('PremiumPage', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the packages in their styles, with credits, price and what premium gives, leading to checkout', async () => {
    await renderWithProviders(routes, '/premium', { fetch: mockFetch() });
    const packages = await screen.findAllByTestId('premium-package');
    expect(packages.map((p) => p.getAttribute('data-style'))).toEqual(['p0', 'p1', 'p2', 'p3']);
    const first = packages[0]!;
    expect(first.textContent).toContain('25');
    expect(first.textContent).toContain('€9.95');
    expect(first.textContent).toContain(
      `Upload ${RULES.photos.premiumMax} photos instead of ${RULES.photos.freeMax}`,
    );
    expect(first.textContent).toContain('See all photos of other members');
    expect(first.textContent).toContain('Unlimited use of all premium functions');
    expect(first.textContent).toContain(`${RULES.premiumMatchChanceBoostPercent}% more chance of a match`);
    expect(within(packages[2]!).getByTestId('bundle-best-value')).toBeTruthy();
    expect(screen.getAllByTestId('bundle-best-value')).toHaveLength(1);
    expect(
      screen.getAllByTestId('premium-package-choose').map((a) => [a.getAttribute('href'), a.textContent]),
    ).toEqual(CATALOGUE.bundles.map((b) => [`/credits/${b.id}`, 'Choose this package']));
    // The first purchase makes a free member premium.
    expect(screen.getByTestId('premium-page').textContent).toContain(
      'Your first credit package makes you a premium member',
    );
    expect(screen.queryByTestId('premium-member')).toBeNull();
    expect(document.title).toBe('Premium - Amora');
  });

  it('tells a premium member so and offers credits', async () => {
    await renderWithProviders(routes, '/premium', {
      fetch: mockFetch(),
      user: member({ paid_user: true }),
    });
    await screen.findAllByTestId('premium-package');
    expect(screen.getByTestId('premium-member')).toBeTruthy();
    expect(screen.getAllByTestId('premium-package-choose')[0]!.textContent).toBe('Buy credits');
  });

  it('shows an unknown style as the plain one', async () => {
    await renderWithProviders(routes, '/premium', {
      fetch: mockFetch({
        credits: () => json(200, { ...CATALOGUE, bundles: [{ ...CATALOGUE.bundles[0]!, style: 'gold' }] }),
      }),
    });
    const [only] = await screen.findAllByTestId('premium-package');
    expect(only!.getAttribute('data-style')).toBe('p0');
  });
});

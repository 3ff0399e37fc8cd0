// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CATALOGUE,
  json,
  member,
  mockFetch,
  renderWithProviders,
} from '../../features/payments/components/payments-test-kit';
import { CreditsPage } from './CreditsPage';

const routes = [
  { path: '/credits', element: <CreditsPage /> },
  { path: '/credits/:id/:paymentmethod?', element: <p>checkout screen</p> },
  { path: '/premium', element: <p>premium screen</p> },
];

describe('CreditsPage', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows every bundle with its price, VAT, price per message and the best value marked', async () => {
    await renderWithProviders(routes, '/credits', { fetch: mockFetch() });
    const cards = await screen.findAllByTestId('bundle-card');
    expect(cards.map((c) => c.getAttribute('data-bundle-id'))).toEqual(['1', '2', '3', '4']);
    const best = cards[2]!;
    expect(best.textContent).toContain('150');
    expect(best.textContent).toContain('€39.95');
    expect(best.textContent).toContain('VAT included (21%)');
    // 5 credits a message: 150 credits are 30 messages, at €39.95 / 30 rounded up (the server's figure).
    expect(best.textContent).toContain('Enough for 30 messages');
    expect(best.textContent).toContain('€1.34 per message');
    expect(within(best).getByTestId('bundle-best-value').textContent).toBe('Best value');
    expect(screen.getAllByTestId('bundle-best-value')).toHaveLength(1);
    expect(within(cards[0]!).getByTestId('bundle-price').textContent).toBe('€9.95');
    expect(screen.getByTestId('credits-balance').textContent).toBe('You have 3 credits');
    expect(document.title).toBe('Buy credits - Amora');
  });

  it('goes to the checkout of the chosen bundle', async () => {
    const { router } = await renderWithProviders(routes, '/credits', { fetch: mockFetch() });
    const cards = await screen.findAllByTestId('bundle-card');
    fireEvent.click(cards[1]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/credits/2'));
  });

  it('tells a free member the first bundle makes them premium; a paid member not', async () => {
    await renderWithProviders(routes, '/credits', { fetch: mockFetch() });
    await screen.findAllByTestId('bundle-card');
    const hint = screen.getByTestId('credits-premium-hint');
    expect(within(hint).getByRole('link').getAttribute('href')).toBe('/premium');
    cleanup();
    await renderWithProviders(routes, '/credits', {
      fetch: mockFetch(),
      user: member({ paid_user: true, credits: 1 }),
    });
    await screen.findAllByTestId('bundle-card');
    expect(screen.queryByTestId('credits-premium-hint')).toBeNull();
    expect(screen.getByTestId('credits-balance').textContent).toBe('You have 1 credit');
  });

  it('shows the test-mode notice only with the test provider', async () => {
    await renderWithProviders(routes, '/credits', {
      fetch: mockFetch({ credits: () => json(200, { ...CATALOGUE, test_mode: true }) }),
    });
    expect(await screen.findByTestId('payments-test-mode')).toBeTruthy();
    cleanup();
    await renderWithProviders(routes, '/credits', { fetch: mockFetch() });
    await screen.findAllByTestId('bundle-card');
    expect(screen.queryByTestId('payments-test-mode')).toBeNull();
  });

  it('offers a retry when the bundles cannot be loaded', async () => {
    let fail = true;
    const fetchMock = mockFetch({
      credits: () => (fail ? json(400, { error: { code: 'x', message: 'x' } }) : json(200, CATALOGUE)),
    });
    await renderWithProviders(routes, '/credits', { fetch: fetchMock });
    const error = await screen.findByTestId('payments-load-error');
    expect(error.textContent).toContain('The packages could not be loaded.');
    fail = false;
    fireEvent.click(screen.getByTestId('payments-retry'));
    expect(await screen.findAllByTestId('bundle-card')).toHaveLength(4);
  });
});

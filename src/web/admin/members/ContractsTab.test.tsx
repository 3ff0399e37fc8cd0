// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminContractsResponse } from '../../../shared/schemas/admin-contracts';
import type { AdminMember } from '../../../shared/schemas/admin-members';
import membersEn from '../locales/en/members.json';
import { ContractsTab } from './ContractsTab';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

async function renderTab(answer: AdminContractsResponse) {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { members: membersEn } },
    defaultNS: 'members',
    interpolation: { escapeValue: false },
  });
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      urls.push(String(input));
      return json(200, answer);
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const member = { account: { id: 42 } } as AdminMember;
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <ContractsTab member={member} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return urls;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ContractsTab', () => {
  it("shows the member's cancellations and withdrawals, a failed refund with its next try", async () => {
    const urls = await renderTab({
      cancellations: [
        {
          id: 5,
          contract: 'repeat_order',
          via: 'email',
          status: 'confirmed',
          name: 'Sanne de Vries',
          reason: 'Moving abroad',
          requested_date: null,
          received_at: '2026-06-20T10:00:00Z',
          confirmed_at: '2026-06-20T10:05:00Z',
          effective_at: '2026-06-20T10:00:00Z',
          link_expires_at: null,
          mandates: [{ method: 'sdd', effective_at: '2026-06-20T10:00:00Z', revoked_at: null }],
        },
      ],
      withdrawals: [
        {
          id: 9,
          payment_id: 31,
          requested_at: '2026-06-21T09:00:00Z',
          status: 'refund_failed',
          credits_taken: 20,
          refund_minor: 796,
          currency: 'EUR',
          immediate_start: true,
          refunded_at: null,
          attempts: 2,
          next_attempt_at: '2026-06-21T09:20:00Z',
        },
      ],
    });
    const cancellation = await screen.findByTestId('member-cancellation-5');
    expect(cancellation.textContent).toContain('Repeat orders');
    expect(cancellation.textContent).toContain('Sanne de Vries');
    expect(cancellation.textContent).toContain('Reason: Moving abroad');
    expect(cancellation.textContent).toContain('sdd: not yet revoked at the provider');
    expect(within(cancellation).getByTestId('member-cancellation-status').textContent).toBe('Confirmed');
    const withdrawal = screen.getByTestId('member-withdrawal-9');
    expect(withdrawal.textContent).toContain('Payment #31');
    expect(withdrawal.textContent).toContain('€7.96');
    expect(within(withdrawal).getByTestId('member-withdrawal-status').textContent).toBe(
      'Refund failed, being retried',
    );
    expect(within(withdrawal).getByTestId('member-withdrawal-next-try').textContent).toContain('Tries: 2');
    expect(urls[0]).toContain('member-contracts.php?id=42');
  });

  it('says when there are none', async () => {
    await renderTab({ cancellations: [], withdrawals: [] });
    expect((await screen.findByTestId('member-cancellations-none')).textContent).toBe('No cancellations.');
    expect(screen.getByTestId('member-withdrawals-none').textContent).toBe('No withdrawals.');
  });
});

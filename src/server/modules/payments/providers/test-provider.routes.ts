import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type createTestProvider, TEST_OUTCOMES, type TestOutcome } from './test-provider';

type TestProvider = ReturnType<typeof createTestProvider>;

export interface TestProviderRoutesOptions {
  provider: TestProvider;
  /** seconds a "pending, then paid" payment stays pending */
  pendingSeconds?: number;
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const money = (minor: number, currency: string) =>
  new Intl.NumberFormat('en', { style: 'currency', currency }).format(minor / 100);

const LABELS: Record<TestOutcome, string> = {
  paid: 'Paid',
  failed: 'Failed',
  canceled: 'Cancelled',
  expired: 'Expired',
  pending: 'Pending, then paid',
};

const CSS = `body{font-family:system-ui,sans-serif;background:#f4f1ee;margin:0;color:#222}
main{max-width:28rem;margin:2rem auto;background:#fff;border-radius:1rem;padding:1.5rem;box-shadow:0 4px 20px #0002}
.test{background:#fff3cd;border:1px solid #e0c36b;border-radius:.5rem;padding:.75rem;margin-bottom:1rem}
.amount{font-size:2rem;font-weight:700;margin:.25rem 0 1rem}
button{display:block;width:100%;margin:.5rem 0;padding:.8rem;border-radius:2rem;border:1px solid #bbb;background:#fff;font-size:1rem;cursor:pointer}
button.paid{background:#198754;color:#fff;border-color:#198754}
.muted{color:#666;font-size:.9rem}`;

/**
 * The test provider's checkout page (only registered when the test provider is in use): says plainly that it is a
 * test, shows the amount and lets the tester choose the outcome. The choice is applied as a real provider would,
 * the webhook is called with the id only, and the browser goes back to the shop's redirect URL.
 */
export const testProviderRoutes: FastifyPluginAsyncZod<TestProviderRoutesOptions> = async (app, opts) => {
  const { provider } = opts;
  const pendingMs = (opts.pendingSeconds ?? 4) * 1000;
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  async function notify(id: string): Promise<void> {
    // In-process, through the real webhook route (its parsing, checks and logging), with the id only.
    await app.inject({
      method: 'POST',
      url: '/api/payment-webhook.php',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `id=${encodeURIComponent(id)}`,
    });
  }

  /** Pending, then paid after `pendingSeconds`, with the webhook called each time (as at a real provider). */
  function payLater(id: string): void {
    setTimeout(() => {
      void provider
        .settle(id, 'paid')
        .then(() => notify(id))
        .catch((err: unknown) => app.log.warn({ err }, 'test provider: settling a pending payment failed'));
    }, pendingMs).unref();
  }

  // A direct debit on a mandate starts pending; the bank "collects" it a few seconds later. (A provider given by a
  // test may be a wrapper without this hook.)
  if (typeof provider.onPendingDebit === 'function') provider.onPendingDebit(payLater);

  app.get('/test-provider/checkout.css', async (_req, reply) =>
    reply.type('text/css').header('Cache-Control', 'public, max-age=3600').send(CSS),
  );

  const params = z.object({ id: z.string().regex(/^tr_test[0-9a-f]{16}$/) });

  app.get('/test-provider/checkout/:id', { schema: { params } }, async (req, reply) => {
    const row = await provider.find(req.params.id);
    if (!row) return reply.status(404).type('text/plain').send('Unknown test payment');
    const open = row.status === 'open';
    const buttons = TEST_OUTCOMES.map(
      (o) => `<button type="submit" name="outcome" value="${o}" class="${o}">${LABELS[o]}</button>`,
    ).join('');
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Test payment</title>
<link rel="stylesheet" href="/test-provider/checkout.css"></head><body><main>
<p class="test" role="note"><strong>Test payment.</strong> No money moves. Choose how this payment ends.</p>
<h1>${escapeHtml(row.description)}</h1>
<p class="amount" data-testid="test-amount">${escapeHtml(money(row.amountMinor, row.currency))}</p>
<p class="muted">Method: ${escapeHtml(row.method ?? 'any')}</p>
${
  open
    ? `<form method="post" action="/test-provider/checkout/${row.id}">${buttons}</form>`
    : `<p>This payment is ${escapeHtml(row.status)}.</p>${
        row.status === 'paid' && row.refundedMinor === 0 && row.chargedBackMinor === 0
          ? `<form method="post" action="/test-provider/checkout/${row.id}"><p class="muted">As the operator or the bank:</p>
<button type="submit" name="outcome" value="refund">Refund in full</button>
<button type="submit" name="outcome" value="chargeback">Charge back</button></form>`
          : ''
      }<p><a href="${escapeHtml(row.redirectUrl)}">Back to the shop</a></p>`
}
</main></body></html>`;
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(html);
  });

  app.post(
    '/test-provider/checkout/:id',
    {
      config: { crossSite: true },
      schema: { params, body: z.object({ outcome: z.enum([...TEST_OUTCOMES, 'refund', 'chargeback']) }) },
    },
    async (req, reply) => {
      const row = await provider.settle(req.params.id, req.body.outcome);
      if (!row) return reply.status(404).type('text/plain').send('Unknown test payment');
      await notify(row.id);
      if (req.body.outcome === 'pending') payLater(row.id);
      return reply.redirect(row.redirectUrl, 303);
    },
  );
};

import { describe, expect, it } from 'vitest';
import { createMember } from '../../test/factories';
import { buildTestApp, type TestContext, withTestSite } from '../../test/test-app';

let ctx: TestContext;
let domain: string;
withTestSite((c, d) => {
  ctx = c;
  domain = d;
});

async function mailsTo(email: string) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/dev/mailbox.php?to=${encodeURIComponent(email)}`,
    headers: { host: domain },
  });
  expect(res.statusCode).toBe(200);
  return res.json().mails as { id: number; html: string }[];
}

describe('dev mailbox: a mail as a document of its own', () => {
  it("serves the mail's HTML with a policy that allows its inline styles and nothing that runs", async () => {
    const m = await createMember(ctx, domain, { confirm: false });
    const [mail] = await mailsTo(m.email);
    expect(mail!.html).toContain('style="');

    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/dev/mail-html.php?id=${mail!.id}`,
      headers: { host: domain },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toBe(mail!.html);
    const policy = String(res.headers['content-security-policy']).split(/;\s*/);
    expect(policy).toEqual(
      expect.arrayContaining([
        "default-src 'none'",
        "style-src 'unsafe-inline'",
        "frame-ancestors 'self'",
        'sandbox',
      ]),
    );
    expect(policy.some((d) => d.startsWith('script-src'))).toBe(false);
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 404 for an unknown mail and 400 for a bad id', async () => {
    for (const id of ['999999999', 'abc', '-1']) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/dev/mail-html.php?id=${id}`,
        headers: { host: domain },
      });
      expect(res.statusCode, id).toBe(id === '999999999' ? 404 : 400);
    }
  });

  it('does not exist in production', async () => {
    const prod = await buildTestApp({ NODE_ENV: 'production', PAYMENT_TEST_PROVIDER: 'true' });
    try {
      const res = await prod.app.inject({ method: 'GET', url: '/api/dev/mail-html.php?id=1' });
      expect(res.statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});

import { describe, expect, it } from 'vitest';
import { CLIENT, createMember, type TestMember } from '../../test/factories';
import { type TestContext, withTestSite } from '../../test/test-app';
import { setProfile } from '../member-profile/member-profile.fixtures';

/**
 * Direct debit switched off in production without an SMS gateway (nobody would receive the codes): the form says so
 * instead of sending anything. (A site whose limit is 0: directdebit.test.ts.)
 */
let ctx: TestContext;
let domain: string;
withTestSite(
  (c, d) => {
    ctx = c;
    domain = d;
  },
  { NODE_ENV: 'production', PAYMENT_TEST_PROVIDER: 'true' },
);

const form = (bundleId: number) => ({
  bundle_id: bundleId,
  account_holder: 'Sanne de Vries',
  iban: 'NL91ABNA0417164300',
  street: 'Keizersgracht',
  house_number: '12',
  zip: '1015 CS',
  city: 'Amsterdam',
  phone: '0612345678',
  authorise: true,
});

async function member(host: string): Promise<{ m: TestMember; bundleId: number }> {
  const m = await createMember(ctx, host);
  await setProfile(ctx.database.db, m.id, { country: 'NL' });
  const credits = await ctx.app.inject({
    method: 'GET',
    url: '/api/credits.php',
    headers: { host, cookie: m.cookie },
  });
  return { m, bundleId: credits.json().bundles[0].id as number };
}

async function expectOff(host: string) {
  const { m, bundleId } = await member(host);
  const offer = await ctx.app.inject({
    method: 'GET',
    url: `/api/directdebit.php?bundle_id=${bundleId}`,
    headers: { host, cookie: m.cookie },
  });
  expect(offer.statusCode, offer.body).toBe(200);
  expect(offer.json()).toMatchObject({ available: false, refusal: null });
  const started = await ctx.app.inject({
    method: 'POST',
    url: '/api/directdebit.php',
    headers: { host, cookie: m.cookie, ...CLIENT },
    payload: form(bundleId),
  });
  expect(started.statusCode).toBe(503);
  expect(started.json().error.code).toBe('directdebit_unavailable');
}

describe('direct debit switched off', () => {
  it('in production without an SMS gateway', async () => {
    await expectOff(domain);
  });
});

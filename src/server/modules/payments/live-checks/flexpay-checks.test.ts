import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyProviders } from '../../../../../scripts/verify-providers';
import { buildTestApp, type TestContext } from '../../../test/test-app';
import { type FlexpayFake, startFlexpayFake } from '../providers/flexpay-fake';
import { createFlexpayProvider } from '../providers/flexpay-provider';
import {
  checkFlexpayConfig,
  checkPostbackUrlFormat,
  type FlexpayCheckContext,
  runFlexpayChecks,
} from './flexpay-checks';

/**
 * `npm run payments:verify` for Verotel FlexPay: the checks against the FlexPay fake (order page, sale status) and
 * this app's postback route, listening on a local port as it would behind the Control Center's postback URL.
 */
let ctx: TestContext;
let fake: FlexpayFake & { url: string; close(): Promise<void> };
let postbackUrl: string;

beforeAll(async () => {
  fake = await startFlexpayFake({ postbackUrl: 'http://127.0.0.1:1/unused' });
  ctx = await buildTestApp(
    {},
    {
      flexpay: {
        provider: createFlexpayProvider({
          db: undefined as never,
          shopId: fake.shopId,
          signatureKey: fake.signatureKey,
          flexpayUrl: fake.url,
          controlCenter: undefined,
        }),
        shopId: fake.shopId,
        signatureKey: fake.signatureKey,
      },
    },
  );
  const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  postbackUrl = `${address}/api/flexpay-postback.php`;
});
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});

const context = (extra: Partial<FlexpayCheckContext> = {}): FlexpayCheckContext => ({
  shopId: fake.shopId,
  signatureKey: fake.signatureKey,
  flexpayUrl: fake.url,
  postbackUrl,
  controlCenter: { url: `${fake.url}/cc`, ...fake.controlCenter },
  allowLocal: true,
  ...extra,
});
const byCheck = (results: { check: string; status: string; saw: string }[]) =>
  Object.fromEntries(results.map((r) => [r.check, r]));

describe('FlexPay configuration checks', () => {
  it('judges the shop ID, the key and the FlexPay URL', () => {
    expect(
      checkFlexpayConfig({
        shopId: '123456',
        signatureKey: 'abcdefgh12',
        flexpayUrl: 'https://secure.verotel.com',
      }),
    ).toMatchObject({ status: 'ok' });
    const bad = checkFlexpayConfig({
      shopId: 'shop-1',
      signatureKey: 'short',
      flexpayUrl: 'http://secure.verotel.com',
    });
    expect(bad.status).toBe('not_as_expected');
    expect(bad.saw).toContain('VEROTEL_SHOP_ID');
    expect(bad.saw).toContain('VEROTEL_SIGNATURE_KEY');
    expect(bad.saw).toContain('not https');
  });

  it("judges the postback URL's form", () => {
    expect(checkPostbackUrlFormat('https://dating.example/api/flexpay-postback.php').status).toBe('ok');
    expect(checkPostbackUrlFormat('http://dating.example/api/flexpay-postback.php').saw).toContain(
      'not https',
    );
    expect(checkPostbackUrlFormat('https://dating.example/api/payment-webhook.php').saw).toContain(
      'the path is',
    );
    expect(checkPostbackUrlFormat('https://localhost/api/flexpay-postback.php').saw).toContain(
      'local address',
    );
    expect(checkPostbackUrlFormat('https://192.168.1.5/api/flexpay-postback.php').status).toBe(
      'not_as_expected',
    );
    expect(checkPostbackUrlFormat('https://dating.example/api/flexpay-postback.php?x=1').status).toBe(
      'not_as_expected',
    );
    expect(checkPostbackUrlFormat('not a url').status).toBe('not_as_expected');
  });
});

describe('FlexPay checks against the fake and this app', () => {
  it('all OK with the keys the app and FlexPay share', async () => {
    const results = byCheck(await runFlexpayChecks(context()));
    for (const check of [
      'flexpay.config',
      'flexpay.order-page',
      'flexpay.sale-status',
      'flexpay.postback-url',
      'flexpay.postback-signature',
      'flexpay.refund-api',
    ])
      expect(results[check], check).toMatchObject({ status: 'ok' });
    // Nothing was applied or stored by the probe postbacks: the fake saw no sale either.
    expect([...fake.orders.values()].every((o) => o.saleId === null)).toBe(true);
  });

  it("another key than the shop's and the server's: every check that uses it is not as expected", async () => {
    const results = byCheck(await runFlexpayChecks(context({ signatureKey: 'another-signature-key' })));
    expect(results['flexpay.order-page']).toMatchObject({ status: 'not_as_expected' });
    expect(results['flexpay.order-page']!.saw).toContain('invalid signature');
    expect(results['flexpay.sale-status']).toMatchObject({ status: 'not_as_expected' });
    expect(results['flexpay.postback-signature']).toMatchObject({ status: 'not_as_expected' });
    expect(results['flexpay.postback-signature']!.saw).toContain('another VEROTEL_SIGNATURE_KEY');
  });

  it('an unreachable postback URL and a missing refund API are reported', async () => {
    const results = byCheck(
      await runFlexpayChecks(
        context({
          postbackUrl: 'http://127.0.0.1:9/api/flexpay-postback.php',
          controlCenter: { url: undefined, user: undefined, password: undefined },
          timeoutMs: 2_000,
        }),
      ),
    );
    expect(results['flexpay.postback-signature']).toMatchObject({ status: 'not_as_expected' });
    expect(results['flexpay.postback-signature']!.saw).toContain('did not answer');
    expect(results['flexpay.refund-api']).toMatchObject({ status: 'skipped' });
  });
});

describe('npm run payments:verify with FlexPay', () => {
  const env = () => ({
    VEROTEL_SHOP_ID: fake.shopId,
    VEROTEL_SIGNATURE_KEY: fake.signatureKey,
    VEROTEL_FLEXPAY_URL: fake.url,
    VERIFY_FLEXPAY_POSTBACK_URL: postbackUrl,
    VEROTEL_CC_API_URL: `${fake.url}/cc`,
    VEROTEL_CC_API_USER: fake.controlCenter.user,
    VEROTEL_CC_API_PASSWORD: fake.controlCenter.password,
    VERIFY_ALLOW_LOCAL: '1',
  });

  it('lists the FlexPay checks without keys; exits 0 when they pass, 1 when one is not as expected', async () => {
    const listed: string[] = [];
    expect(await verifyProviders([], {}, (l) => listed.push(l))).toBe(0);
    expect(listed.join('\n')).toContain('flexpay.postback-signature');

    const lines: string[] = [];
    expect(await verifyProviders([], env(), (l) => lines.push(l))).toBe(0);
    expect(lines.join('\n')).toMatch(/^OK {2}flexpay\.postback-signature/m);
    expect(lines.join('\n')).not.toContain(fake.signatureKey);

    const failed: string[] = [];
    expect(await verifyProviders([], { ...env(), VERIFY_ALLOW_LOCAL: '' }, (l) => failed.push(l))).toBe(1);
    expect(failed.join('\n')).toMatch(/^NOT AS EXPECTED {2}flexpay\.postback-url: .*not https/m);
  });
});

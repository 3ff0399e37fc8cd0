import { describe, expect, it, vi } from 'vitest';
import { RULES } from '../../../shared/rules';
import { amountBand, createActiveMethods } from './active-methods';
import type { ListMethodsInput, PaymentProvider } from './providers/provider';

/** The cache of switched-on methods over time (issue 26, point 1), with a provider whose answers the test decides. */
function setup() {
  let clock = 1_000_000;
  const calls: ListMethodsInput[] = [];
  const answer: { methods: string[] | Error } = { methods: ['creditcard', 'ideal'] };
  const provider = {
    name: 'stub',
    supportedMethods: new Set(['creditcard', 'ideal', 'paypal']),
    async listMethods(input: ListMethodsInput) {
      calls.push(input);
      if (answer.methods instanceof Error) throw answer.methods;
      return answer.methods;
    },
  } as unknown as PaymentProvider;
  const log = { warn: vi.fn(), error: vi.fn() };
  const active = createActiveMethods(provider, log, () => clock);
  const query = { siteId: 1, country: 'NL', currency: 'EUR', amountMinor: 1_995, locale: 'nl' };
  return {
    active,
    query,
    calls,
    answer,
    log,
    advance: (ms: number) => {
      clock += ms;
    },
  };
}
const minutes = (m: number) => m * 60_000;
const ids = (s: ReadonlySet<string>) => [...s].sort();

describe('active methods', () => {
  it('asks once per key (oneoff and first together) and again after the cache time', async () => {
    const t = setup();
    const [a, b] = await Promise.all([t.active.get(t.query), t.active.get(t.query)]);
    expect(ids(a.oneoff)).toEqual(['creditcard', 'ideal']);
    expect(b).toBe(a);
    expect(t.calls.map((c) => c.sequenceType).sort()).toEqual(['first', 'oneoff']);
    expect(t.calls[0]).toMatchObject({
      amountMinor: 2_500,
      currency: 'EUR',
      billingCountry: 'NL',
      locale: 'nl',
    });
    // Same band (19.95 and 24.00 ask for 25.00), same key.
    await t.active.get({ ...t.query, amountMinor: 2_400 });
    expect(t.calls).toHaveLength(2);
    // Another country, currency, band or site is another key.
    await t.active.get({ ...t.query, country: 'BE' });
    await t.active.get({ ...t.query, amountMinor: 9_000 });
    await t.active.get({ ...t.query, siteId: 2 });
    expect(t.calls).toHaveLength(8);

    t.advance(minutes(RULES.payments.methodsCacheMinutes) - 1);
    await t.active.get(t.query);
    expect(t.calls).toHaveLength(8);
    t.advance(2);
    t.answer.methods = ['creditcard'];
    // Past its time: the old answer now, the new one behind it.
    expect(ids((await t.active.get(t.query)).oneoff)).toEqual(['creditcard', 'ideal']);
    await vi.waitFor(() => expect(t.calls).toHaveLength(10));
    await vi.waitFor(async () => expect(ids((await t.active.get(t.query)).oneoff)).toEqual(['creditcard']));
  });

  it('keeps the last good answer for a while when the provider fails, then serves the static list, logged', async () => {
    const t = setup();
    await t.active.get(t.query);
    t.answer.methods = new Error('Mollie answered 503');
    t.advance(minutes(RULES.payments.methodsCacheMinutes) + 1);
    await t.active.get(t.query);
    await vi.waitFor(() => expect(t.log.warn).toHaveBeenCalledTimes(1));
    const stale = await t.active.get(t.query);
    expect(stale.fromProvider).toBe(true);
    expect(ids(stale.oneoff)).toEqual(['creditcard', 'ideal']);
    // Not asked again before the retry time.
    const asked = t.calls.length;
    await t.active.get(t.query);
    expect(t.calls).toHaveLength(asked);

    t.advance(minutes(RULES.payments.methodsStaleMinutes));
    const fallback = await t.active.get(t.query);
    expect(fallback.fromProvider).toBe(false);
    expect(ids(fallback.oneoff)).toEqual(['creditcard', 'ideal', 'paypal']);
    expect(t.log.error).toHaveBeenCalledTimes(1);
    expect(JSON.stringify(t.log.error.mock.calls[0])).toContain('static method list');

    // The provider is back: asked again once the retry time has passed.
    t.answer.methods = ['paypal'];
    t.advance(RULES.payments.methodsRetrySeconds * 1_000 + 1);
    expect(ids((await t.active.get(t.query)).oneoff)).toEqual(['paypal']);
  });

  it('forgets a key on demand (a method the provider refused): the next get asks again', async () => {
    const t = setup();
    await t.active.get(t.query);
    t.active.forget(t.query);
    t.answer.methods = ['creditcard'];
    expect(ids((await t.active.get(t.query)).oneoff)).toEqual(['creditcard']);
    expect(t.calls).toHaveLength(4);
  });

  it('bands amounts: the top of the band, and steps of the last band above it', () => {
    expect(amountBand(1)).toBe(1_000);
    expect(amountBand(1_000)).toBe(1_000);
    expect(amountBand(1_001)).toBe(2_500);
    expect(amountBand(98_995)).toBe(100_000);
    expect(amountBand(100_001)).toBe(200_000);
  });
});

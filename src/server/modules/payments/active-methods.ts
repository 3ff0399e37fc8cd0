import type { FastifyBaseLogger } from 'fastify';
import { RULES } from '../../../shared/rules';
import type { PaymentProvider, SequenceType } from './providers/provider';

/**
 * The methods really switched on at the provider (issue 26, point 1): Mollie's List payment methods
 * (GET /v2/methods) for the amount, currency and billing country, asked at most every RULES.payments
 * .methodsCacheMinutes per site, currency, country and amount band, not on every price list or checkout.
 *
 * One answer holds two lists: methods for a normal payment (`oneoff`) and those that can start a mandate (`first`,
 * how checkout makes card and PayPal payments, payments.service createCheckout). The amount asked is the top of the
 * amount's band (RULES.payments.methodsAmountBandsMinor), so a method whose maximum is below it is left out for the
 * whole band; a minimum above a smaller amount of the band is caught by the provider's 422 (mapped to
 * payment_method_inactive).
 *
 * When the provider cannot be asked: the last good answer is kept for RULES.payments.methodsStaleMinutes after it was
 * fetched (refreshed in the background once it is older than the cache time), else the provider's static list
 * (methodsFor still limits it to the spec's methods of the country), logged; the provider is asked again at most
 * every methodsRetrySeconds. Calls for one key run once at a time (no stampede). The cache lives in the process: each
 * instance asks for itself, which at one call per key per few minutes is far within Mollie's rate limits.
 */
export interface ActiveMethodsQuery {
  siteId: number;
  /** the member's (or visitor's) pricing country; Mollie's billingCountry */
  country: string;
  currency: string;
  amountMinor: number;
  /** the member's language: the provider sorts and names its methods in it (it does not change which are active) */
  locale?: string | undefined;
}

/** The provider method ids active now, for a normal payment and for the first payment of a mandate. */
export interface ActiveMethodSets {
  oneoff: ReadonlySet<string>;
  first: ReadonlySet<string>;
  /** false when this is the static fallback, not the provider's answer */
  fromProvider: boolean;
}

interface Entry {
  sets: ActiveMethodSets;
  fetchedAt: number;
  /** when the provider may be asked again after a failure */
  retryAt: number;
  pending: Promise<ActiveMethodSets> | null;
}

export interface ActiveMethods {
  get(query: ActiveMethodsQuery): Promise<ActiveMethodSets>;
  /** Forgets the answer for the query's key (the provider refused a method it listed): the next get asks again. */
  forget(query: ActiveMethodsQuery): void;
}

/** The top of the amount's band: what is asked for every amount of the band. */
export function amountBand(amountMinor: number): number {
  const bands = RULES.payments.methodsAmountBandsMinor;
  const found = bands.find((top) => amountMinor <= top);
  if (found !== undefined) return found;
  const step = bands[bands.length - 1] ?? 100_000;
  return Math.ceil(amountMinor / step) * step;
}

const keyOf = (q: ActiveMethodsQuery) =>
  `${q.siteId}:${q.currency}:${q.country}:${amountBand(q.amountMinor)}`;

export function createActiveMethods(
  provider: PaymentProvider,
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
  now: () => number = Date.now,
): ActiveMethods {
  const entries = new Map<string, Entry>();
  const fallback: ActiveMethodSets = {
    oneoff: provider.supportedMethods,
    first: provider.supportedMethods,
    fromProvider: false,
  };
  const minutes = (m: number) => m * 60_000;

  async function ask(query: ActiveMethodsQuery): Promise<ActiveMethodSets> {
    const input = {
      amountMinor: amountBand(query.amountMinor),
      currency: query.currency,
      locale: query.locale,
      billingCountry: query.country,
    };
    const list = (sequenceType: SequenceType) => provider.listMethods({ ...input, sequenceType });
    const [oneoff, first] = await Promise.all([list('oneoff'), list('first')]);
    return { oneoff: new Set(oneoff), first: new Set(first), fromProvider: true };
  }

  /** Asks the provider for the key (once at a time); on failure answers the stale entry or the fallback. */
  function refresh(
    key: string,
    query: ActiveMethodsQuery,
    entry: Entry | undefined,
  ): Promise<ActiveMethodSets> {
    if (entry?.pending) return entry.pending;
    const current: Entry = entry ?? { sets: fallback, fetchedAt: 0, retryAt: 0, pending: null };
    entries.set(key, current);
    const pending = ask(query)
      .then((sets) => {
        current.sets = sets;
        current.fetchedAt = now();
        current.retryAt = 0;
        return sets;
      })
      .catch((err: unknown) => {
        current.retryAt = now() + RULES.payments.methodsRetrySeconds * 1_000;
        const stale =
          current.fetchedAt > 0 && now() - current.fetchedAt < minutes(RULES.payments.methodsStaleMinutes);
        const context = {
          provider: provider.name,
          siteId: query.siteId,
          currency: query.currency,
          country: query.country,
          err: err instanceof Error ? err.message : String(err),
        };
        if (stale) {
          log.warn(
            context,
            'payment methods: the provider could not be asked; the last good answer is served',
          );
          return current.sets;
        }
        log.error(
          context,
          'payment methods: the provider could not be asked and no recent answer is kept; the static method list is served',
        );
        current.sets = fallback;
        current.fetchedAt = 0;
        return fallback;
      })
      .finally(() => {
        current.pending = null;
      });
    current.pending = pending;
    return pending;
  }

  return {
    async get(query) {
      const key = keyOf(query);
      const entry = entries.get(key);
      const t = now();
      if (entry && entry.fetchedAt > 0 && t - entry.fetchedAt < minutes(RULES.payments.methodsCacheMinutes))
        return entry.sets;
      // A failure a moment ago: not asked again yet.
      if (entry && t < entry.retryAt) return entry.sets;
      // An answer past its time but still within the stale window: served now, refreshed behind it.
      if (entry && entry.fetchedAt > 0 && t - entry.fetchedAt < minutes(RULES.payments.methodsStaleMinutes)) {
        void refresh(key, query, entry);
        return entry.sets;
      }
      return refresh(key, query, entry);
    },
    forget(query) {
      const entry = entries.get(keyOf(query));
      if (entry && !entry.pending) entries.delete(keyOf(query));
    },
  };
}

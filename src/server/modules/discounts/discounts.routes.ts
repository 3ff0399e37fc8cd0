import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  discountQuerySchema,
  discountResponseSchema,
  timeBonusResponseSchema,
} from '../../../shared/schemas/discounts';
import { listedBundles, pricingCountry } from '../payments/payments.service';
import { perUnitMinor } from '../payments/unit-prices';
import {
  checkCode,
  ensureDefaultDiscounts,
  presentCode,
  priceWith,
  timeBonus,
  welcomeCode,
} from './discounts.service';

/**
 * GET /api/discountcode.php (a code, or welcome=true) and GET /api/time-bonus.php, for the signed-in member
 * (docs/api.md "Discounts"). Prices always come from the catalogue; the client never sends one.
 */
export const discountsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onReady', () => ensureDefaultDiscounts(app.db));
  app.addHook('onRequest', async (req) => {
    req.requireAuth();
  });

  app.get(
    '/api/discountcode.php',
    { schema: { querystring: discountQuerySchema, response: { 200: discountResponseSchema } } },
    async (req, reply) => {
      const { user, profile } = req.requireAuth();
      const { site } = await req.resolveSite();
      reply.header('Cache-Control', 'no-store');
      const now = new Date();
      const country = pricingCountry(profile.country);
      const member = { id: user.id, signupDate: user.signupDate, paidUser: user.paidUser, country };
      const welcomeHours = site.welcomeDiscountHours;
      if (req.query.welcome === 'true') {
        const check = await welcomeCode(app.db, member, now, welcomeHours);
        return { discount_code: check ? presentCode(check, now) : null, price: null };
      }
      if (!req.query.code) return { discount_code: null, price: null };
      const bundle = req.query.bundle_id
        ? (await listedBundles(app.db, country)).find((b) => b.id === req.query.bundle_id)
        : undefined;
      const order = bundle
        ? { amountMinor: bundle.amount, currency: bundle.currency, method: req.query.method }
        : undefined;
      const check = await checkCode(app.db, req.query.code, member, { now, welcomeHours, order });
      const priced = bundle ? priceWith(check.code, bundle.amount) : undefined;
      return {
        discount_code: presentCode(check, now),
        price:
          bundle && priced
            ? {
                list_amount: priced.listAmountMinor,
                discount: priced.discountMinor,
                amount: priced.amountMinor,
                currency: bundle.currency,
                per_message: perUnitMinor(priced.amountMinor, bundle.credits, site.messageCredits),
              }
            : null,
      };
    },
  );

  app.get(
    '/api/time-bonus.php',
    { schema: { response: { 200: timeBonusResponseSchema } } },
    async (req, reply) => {
      const { user, profile } = req.requireAuth();
      reply.header('Cache-Control', 'no-store');
      const member = {
        id: user.id,
        signupDate: user.signupDate,
        paidUser: user.paidUser,
        country: pricingCountry(profile.country),
      };
      return timeBonus(app.db, member, new Date());
    },
  );
};

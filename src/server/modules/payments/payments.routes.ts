import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createPaymentResponseSchema,
  createPaymentSchema,
  creditsQuerySchema,
  creditsResponseSchema,
  paymentSchema,
  repeatOrderCreatedSchema,
  repeatOrderResponseSchema,
  repeatOrderSchema,
  transactionQuerySchema,
  transactionsResponseSchema,
} from '../../../shared/schemas/payments';
import { AppError } from '../../lib/app-error';
import { countryOfIp } from '../../lib/geoip';
import { type LinkBase, siteOrigin } from '../accounts/account-mail';
import { type ActiveCheck, activeDiscount } from '../discounts/discounts.service';
import { withWithdrawals } from '../withdrawal/withdrawal.service';
import { createActiveMethods } from './active-methods';
import { ensureDefaultCatalogue } from './catalogue-defaults';
import { checkoutProvider } from './checkout-provider';
import {
  catalogueFor,
  createCheckout,
  findOwnPayment,
  listPayments,
  presentPayment,
  pricingCountry,
  providerUnavailable,
  syncPayment,
} from './payments.service';
import { type PaymentProvider, ProviderUnavailableError } from './providers/provider';
import { placeRepeatOrder, repeatOffer } from './repeat-order.service';
import { adoptUnanswered } from './unanswered-payments';

export interface PaymentsRoutesOptions {
  provider: PaymentProvider;
  /** Verotel FlexPay, for sites whose payment_provider is 'verotel' (issue 23); undefined: not configured */
  adultProvider?: PaymentProvider | undefined;
  publicUrl: string;
  /** the sites' link base: a member returns from the provider's page to their own site (siteOrigin) */
  links?: LinkBase | undefined;
}

/** Webhook bodies: Mollie posts `id=tr_…` form-encoded; a JSON `{ id }` is accepted too. */
const webhookBodySchema = z.object({
  id: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_]+$/),
});

/**
 * Credits and payments (issue 10): GET /api/credits.php (the catalogue of a country, with its methods), POST
 * /api/payment.php (start a payment), GET /api/transactions.php and /api/transaction.php (the member's payments),
 * POST /api/payment-webhook.php (the provider's status call: an id only, fetched back from the provider).
 */
export const paymentsRoutes: FastifyPluginAsyncZod<PaymentsRoutesOptions> = async (app, opts) => {
  const { provider } = opts;
  // A member returns from the provider's page to their own site (the mails' rule: account-mail siteOrigin).
  const links: LinkBase = opts.links ?? {
    publicUrl: opts.publicUrl,
    defaultSiteDomain: new URL(opts.publicUrl).hostname,
  };
  // What the provider has switched on, asked at most every few minutes per site, currency, country and amount band.
  const activeMethods = createActiveMethods(provider, app.log);
  const adultMethods = opts.adultProvider ? createActiveMethods(opts.adultProvider, app.log) : undefined;
  /** The site's provider (sites.payment_provider): a site on Verotel never reaches Mollie. */
  const forSite = (site: { paymentProvider: string }) => {
    if (site.paymentProvider !== 'verotel') return { provider, active: activeMethods };
    if (!opts.adultProvider || !adultMethods) throw providerUnavailable();
    return { provider: opts.adultProvider, active: adultMethods };
  };
  app.addHook('onReady', () => ensureDefaultCatalogue(app.db));
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.get(
    '/api/credits.php',
    { schema: { querystring: creditsQuerySchema, response: { 200: creditsResponseSchema } } },
    async (req, reply) => {
      // A member pays in the country of the profile; a visitor sees the country asked for or located.
      const country = pricingCountry(req.auth?.profile.country ?? req.query.country ?? countryOfIp(req.ip));
      const { site, company } = await req.resolveSite();
      let discount: ActiveCheck | null = null;
      if (req.auth) {
        // The member's own prices (the discount): never kept by a cache.
        reply.header('Cache-Control', 'private, no-store');
        const { user } = req.auth;
        discount = await activeDiscount(
          app.db,
          { id: user.id, signupDate: user.signupDate, paidUser: user.paidUser, country },
          { now: new Date(), welcomeHours: site.welcomeDiscountHours, code: req.query.code },
        );
      }
      const chosen = forSite(site);
      const catalogue = await catalogueFor(
        app.db,
        chosen.provider,
        {
          country,
          credits: { message: site.messageCredits, photo: site.photoCredits, gift: site.giftCredits },
          starter: { freeMessages: site.freeMessages, signupCredits: site.signupCredits },
          discount,
        },
        { active: chosen.active, siteId: site.id, locale: req.auth?.user.language },
      );
      return { ...catalogue, payment_provider: checkoutProvider(site, company) };
    },
  );

  app.post(
    '/api/payment.php',
    { schema: { body: createPaymentSchema, response: { 200: createPaymentResponseSchema } } },
    async (req, reply) => {
      const { user, profile } = req.requireAuth();
      if (user.status !== 'active') throw new AppError(403, 'email_not_confirmed');
      reply.header('Cache-Control', 'no-store');
      const { site } = await req.resolveSite();
      const chosen = forSite(site);
      const returnOrigin = siteOrigin(site, links);
      const payment = await createCheckout(
        app.db,
        chosen.provider,
        {
          id: user.id,
          name: profile.name,
          email: user.email,
          country: profile.country,
          locale: user.language,
          signupDate: user.signupDate,
          paidUser: user.paidUser,
        },
        req.body,
        { publicUrl: opts.publicUrl, returnOrigin, welcomeHours: site.welcomeDiscountHours },
        { active: chosen.active, siteId: site.id },
      );
      return { payment: presentPayment(payment) };
    },
  );

  app.get(
    '/api/transactions.php',
    { schema: { response: { 200: transactionsResponseSchema } } },
    async (req, reply) => {
      const { user } = req.requireAuth();
      reply.header('Cache-Control', 'no-store');
      return {
        payments: await withWithdrawals(app.db, user.id, await listPayments(app.db, user.id), presentPayment),
      };
    },
  );

  app.get(
    '/api/transaction.php',
    {
      schema: {
        querystring: transactionQuerySchema,
        response: { 200: z.object({ payment: paymentSchema }) },
      },
    },
    async (req, reply) => {
      const { user } = req.requireAuth();
      reply.header('Cache-Control', 'no-store');
      const [payment] = await withWithdrawals(
        app.db,
        user.id,
        [await findOwnPayment(app.db, user.id, req.query.id)],
        presentPayment,
      );
      return { payment: payment! };
    },
  );

  app.get(
    '/api/repeat-order.php',
    { schema: { response: { 200: repeatOrderResponseSchema } } },
    async (req, reply) => {
      const { user, profile } = req.requireAuth();
      reply.header('Cache-Control', 'no-store');
      return repeatOffer(app.db, provider, { id: user.id, country: profile.country });
    },
  );

  app.post(
    '/api/repeat-order.php',
    { schema: { body: repeatOrderSchema, response: { 200: repeatOrderCreatedSchema } } },
    async (req, reply) => {
      const { user, profile } = req.requireAuth();
      reply.header('Cache-Control', 'no-store');
      const { site } = await req.resolveSite();
      const payment = await placeRepeatOrder(
        app.db,
        provider,
        { id: user.id, country: profile.country, locale: user.language, uiLocale: req.locale },
        site,
        { publicUrl: opts.publicUrl, immediateStart: req.body?.immediate_start === true },
      );
      return { payment: presentPayment(payment) };
    },
  );

  app.post(
    '/api/payment-webhook.php',
    { config: { crossSite: true }, schema: { body: webhookBodySchema } },
    async (req, reply) => {
      try {
        // An id we never stored may be a payment whose create call had no answer: adopted if its metadata names ours.
        const applied =
          (await syncPayment(app.db, provider, req.body.id)) ??
          (await adoptUnanswered(app.db, provider, req.body.id));
        if (applied && 'adopted' in applied)
          req.log.warn(
            { paymentId: applied.paymentId, status: applied.status },
            'payment adopted by its webhook: the call that created it had no answer',
          );
        // The member's cached session holds credits and paid_user: drop it on every instance.
        if (applied) {
          req.memberChanged(applied.userId);
          // The member's open tabs refetch the user (credits, premium).
          app.live.publish([applied.userId], { type: 'user.changed' });
        }
      } catch (err) {
        // The provider is unreachable: the re-check job takes it from here. The provider may retry as well.
        if (err instanceof ProviderUnavailableError) return reply.status(503).send({ ok: false });
        throw err;
      }
      // The same answer for known and unknown ids: a webhook never tells which ids exist.
      return reply.send({ ok: true });
    },
  );
};

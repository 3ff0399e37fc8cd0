import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountDeleteSchema,
  activationEmailChangeSchema,
  deleteOffersResponseSchema,
  mailChangeSchema,
  okSchema,
  passwordResetMailSchema,
  passwordResetSchema,
  signupRequestSchema,
  takeDeleteOfferResponseSchema,
  takeDeleteOfferSchema,
  tokenSchema,
  userResponseSchema,
} from '../../../shared/schemas/accounts';
import type { Db } from '../../db/client';
import { countryOfIp } from '../../lib/geoip';
import { currentUserBody, signIn } from '../auth/auth.routes';
import { retentionCode, trialOffer } from '../discounts/retention';
import { pricingCountry } from '../payments/payments.service';
import { announceListingChange } from '../search/search.cache';
import { selectCountry } from '../sites/sites.service';
import { deleteAccount, reactivateAccount } from './account-deletion.service';
import type { LinkBase } from './account-mail';
import { activate, changeUnconfirmedEmail, resendActivation, signup } from './accounts.service';
import { confirmMailChange, requestMailChange } from './mail-change.service';
import { requestPasswordReset, resetPassword } from './password.service';

export interface AccountsRoutesOptions {
  links: LinkBase;
  /** requests per 10 minutes per IP for signup, reset and resend calls */
  mailRateLimit: number;
}

export const accountsRoutes: FastifyPluginAsyncZod<AccountsRoutesOptions> = async (app, opts) => {
  const db: Db = app.db;
  const limited = { rateLimit: { max: opts.mailRateLimit, timeWindow: '10 minutes' } };

  app.post(
    '/api/signup.php',
    { schema: { body: signupRequestSchema, response: { 200: userResponseSchema } }, config: limited },
    async (req, reply) => {
      const { site } = await req.resolveSite();
      const country = selectCountry(site, countryOfIp(req.ip), undefined, req.body.language);
      const userId = await signup(db, req.body, { site, country, links: opts.links });
      await signIn(req, reply, userId);
      return currentUserBody(req, userId);
    },
  );

  // The link in the activation mail. Idempotent: a second click on a used link of a confirmed account is 'done'.
  app.get(
    '/api/activate.php',
    { schema: { querystring: z.object({ token: z.string().max(200).default('') }), hide: true } },
    async (req, reply) => {
      const userId = req.query.token.length >= 10 ? await activate(db, req.query.token) : null;
      if (userId !== null) req.memberChanged(userId);
      return reply.redirect(userId !== null ? '/activate/done' : '/activate/error', 303);
    },
  );

  app.post(
    '/api/activation-mail.php',
    { schema: { response: { 200: okSchema } }, config: limited },
    async (req) => {
      const auth = req.requireAuth();
      const { site } = await req.resolveSite();
      await resendActivation(db, auth.user.id, site, opts.links);
      return { ok: true as const };
    },
  );

  app.put(
    '/api/activation-mail.php',
    { schema: { body: activationEmailChangeSchema, response: { 200: userResponseSchema } }, config: limited },
    async (req) => {
      const auth = req.requireAuth();
      const { site } = await req.resolveSite();
      await changeUnconfirmedEmail(db, auth.user.id, req.body.email, site, opts.links);
      return currentUserBody(req);
    },
  );

  app.post(
    '/api/password-reset-mail.php',
    { schema: { body: passwordResetMailSchema, response: { 200: okSchema } }, config: limited },
    async (req) => {
      const { site } = await req.resolveSite();
      await requestPasswordReset(db, req.body.email, site, opts.links);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/password-reset.php',
    { schema: { body: passwordResetSchema, response: { 200: userResponseSchema } }, config: limited },
    async (req, reply) => {
      const { site } = await req.resolveSite();
      const { userId, revokedSessionIds } = await resetPassword(db, req.body.token, req.body.password, site);
      // Every session of the member was revoked: their cached lookups and live sockets end on every instance.
      app.sessionCache.revoked(userId, revokedSessionIds);
      req.memberChanged(userId);
      await signIn(req, reply, userId);
      return currentUserBody(req, userId);
    },
  );

  app.post(
    '/api/mail-change.php',
    { schema: { body: mailChangeSchema, response: { 200: okSchema } }, config: limited },
    async (req) => {
      const auth = req.requireAuth();
      const { site } = await req.resolveSite();
      await requestMailChange(db, auth.user.id, req.body.email, req.body.password, site, opts.links, req.ip);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/mail-change-confirm.php',
    { schema: { body: tokenSchema, response: { 200: okSchema } } },
    async (req) => {
      req.memberChanged(await confirmMailChange(db, req.body.token));
      return { ok: true as const };
    },
  );

  app.get(
    '/api/delete-offers.php',
    { schema: { response: { 200: deleteOffersResponseSchema } } },
    async (req) => {
      const auth = req.requireAuth();
      const { company } = await req.resolveSite();
      const trial = await trialOffer(db, pricingCountry(auth.profile.country), auth.user.paidUser);
      return {
        offers: {
          change_email: true,
          privacy_mode: true,
          trial_package: trial !== null,
          trial,
          discount_percentage: company.deleteDiscount,
        },
      };
    },
  );

  app.post(
    '/api/delete-offers.php',
    { schema: { body: takeDeleteOfferSchema, response: { 200: takeDeleteOfferResponseSchema } } },
    async (req) => {
      const auth = req.requireAuth();
      const { company } = await req.resolveSite();
      const code = await retentionCode(db, auth.user.id, company.deleteDiscount);
      return { code: code.code, percentage: code.valuePercentage, expires: code.expires!.toISOString() };
    },
  );

  app.post(
    '/api/account-delete.php',
    { schema: { body: accountDeleteSchema, response: { 200: okSchema } } },
    async (req, reply) => {
      const auth = req.requireAuth();
      const { site } = await req.resolveSite();
      const revoked = await deleteAccount(
        db,
        auth.user.id,
        { password: req.body.password, reasons: req.body.reasons },
        site,
        opts.links,
        req.ip,
      );
      app.sessionCache.revoked(auth.user.id, revoked);
      announceListingChange(); // gone from every instance's next search
      app.sessionCookie.clear(reply);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/reactivate.php',
    { schema: { body: tokenSchema, response: { 200: userResponseSchema } }, config: limited },
    async (req, reply) => {
      const userId = await reactivateAccount(db, req.body.token);
      announceListingChange(); // back in every instance's next search
      req.memberChanged(userId);
      await signIn(req, reply, userId);
      return currentUserBody(req, userId);
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  withdrawalBodySchema,
  withdrawalQuerySchema,
  withdrawalQuoteSchema,
  withdrawalResponseSchema,
} from '../../../shared/schemas/withdrawal';
import type { LinkBase } from '../accounts/account-mail';
import { findOwnPayment, presentPayment } from '../payments/payments.service';
import type { PaymentProviders } from '../payments/providers/provider-set';
import { configureReceiptLinks } from '../payments/receipt';
import { quoteWithdrawal, withdraw, withWithdrawals } from './withdrawal.service';

export interface WithdrawalRoutesOptions {
  /** every provider of the instance: a withdrawal is refunded by the provider that took the payment */
  provider: PaymentProviders;
  links: LinkBase;
}

/**
 * The withdrawal function (issue 23, point 3): GET /api/withdrawal.php?payment_id= (what withdrawing would give back,
 * or why it is not possible), POST /api/withdrawal.php { payment_id } (withdraw: credits taken back, refund through
 * the provider, acknowledgment mail). The member's own payments only.
 */
export const withdrawalRoutes: FastifyPluginAsyncZod<WithdrawalRoutesOptions> = async (app, opts) => {
  // The receipt mail links to the withdrawal of its purchase.
  configureReceiptLinks(opts.links);

  app.get(
    '/api/withdrawal.php',
    { schema: { querystring: withdrawalQuerySchema, response: { 200: withdrawalQuoteSchema } } },
    async (req, reply) => {
      const { user } = req.requireAuth();
      reply.header('Cache-Control', 'no-store');
      return quoteWithdrawal(app.db, user.id, req.query.payment_id);
    },
  );

  app.post(
    '/api/withdrawal.php',
    // Limited per member in plugins/rate-limits.ts.
    { schema: { body: withdrawalBodySchema, response: { 200: withdrawalResponseSchema } } },
    async (req, reply) => {
      const { user } = req.requireAuth();
      reply.header('Cache-Control', 'no-store');
      await withdraw(app.db, opts.provider, opts.links, user.id, req.body.payment_id, req.log);
      // Credits and premium changed: the cached session and the member's open tabs follow.
      req.memberChanged(user.id);
      app.live.publish([user.id], { type: 'user.changed' });
      const payment = await findOwnPayment(app.db, user.id, req.body.payment_id);
      const [presented] = await withWithdrawals(app.db, user.id, [payment], presentPayment);
      return { payment: presented! };
    },
  );
};

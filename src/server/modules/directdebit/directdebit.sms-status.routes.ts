import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { smsStatusCallbackUrl } from '../../lib/sms/sms-sender';
import { recordDeliveryStatus } from './directdebit.sms-status';

export interface SmsStatusRoutesOptions {
  /** Twilio's auth token (config.sms), which signs its callbacks; without Twilio the route answers 404 */
  twilioAuthToken: string | undefined;
  publicUrl: string;
}

/** The fields of Twilio's message status callback that we read (the rest, the number included, is ignored). */
const statusCallbackSchema = z.object({
  MessageSid: z.string().regex(/^(SM|MM)[0-9a-f]{32}$/),
  MessageStatus: z.string().max(32),
  ErrorCode: z.coerce.number().int().optional(),
});

/**
 * POST /api/sms-status.php: Twilio's status callback for a direct-debit code's SMS (the gateway names it in
 * `statusCallback`). Only a request signed by Twilio (X-Twilio-Signature: HMAC-SHA1 of the public URL and the sorted
 * form fields with our auth token, checked by the `twilio` package's validateRequest) is read; anything else is 403.
 */
export const smsStatusRoutes: FastifyPluginAsyncZod<SmsStatusRoutesOptions> = async (app, opts) => {
  const url = smsStatusCallbackUrl(opts.publicUrl);
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 8192 },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.post('/api/sms-status.php', { config: { crossSite: true } }, async (req, reply) => {
    if (!opts.twilioAuthToken) throw new AppError(404, 'not_found');
    const params = (req.body ?? {}) as Record<string, string>;
    const signature = req.headers['x-twilio-signature'];
    // Loaded on the first callback, as the gateway loads the client on the first message.
    const { default: twilio } = await import('twilio');
    if (
      typeof signature !== 'string' ||
      typeof params !== 'object' ||
      !twilio.validateRequest(opts.twilioAuthToken, signature, url, params)
    ) {
      req.log.warn('sms status: a callback without a valid Twilio signature was refused');
      throw new AppError(403, 'forbidden');
    }
    const report = statusCallbackSchema.safeParse(params);
    if (!report.success) return reply.code(204).send();
    const { MessageSid: sid, MessageStatus: status, ErrorCode: errorCode } = report.data;
    const changed = await recordDeliveryStatus(app.db, { sid, status, errorCode });
    if (changed && status !== 'delivered')
      req.log.warn({ sid, status, errorCode }, 'sms status: a direct-debit code was not delivered');
    return reply.code(204).send();
  });
};

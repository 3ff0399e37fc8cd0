import twilio from 'twilio';
import { maskPhone, type SmsGateway, type SmsMessage, SmsRejected, type SmsSent } from './sms';

/**
 * The production SMS gateway: Twilio's Programmable Messaging through its official Node client (`twilio`), which
 * sends `POST /2010-04-01/Accounts/{AccountSid}/Messages.json` (To, From or MessagingServiceSid, Body) with HTTP
 * basic auth. docs/payments.md "Direct debit" says why Twilio and how to configure it.
 *
 * - `baseUrl` points the client elsewhere (tests: a local fake of the Messages API). The client has no base-URL
 *   option; it takes a custom HTTP client (`httpClient`), its documented extension point, so ours rewrites the
 *   origin of each request and leaves everything else to Twilio's own RequestClient.
 * - Errors: Twilio's refusals of the number (invalid, not a mobile, unreachable, opted out) → `SmsRejected`
 *   'number'; its configuration errors (TWILIO_CONFIGURATION_ERRORS: no permission for the country, a sender that
 *   cannot send, a trial account, wrong credentials, …) → `SmsRejected` 'configuration' (no retry: a retry cannot
 *   succeed before an operator fixes the account, and the member is told at once); 5xx, 429, network errors,
 *   timeouts and any other refusal → a plain Error (the outbox retries until the code has expired). No message
 *   carries the auth token, the full number or the text.
 * - `statusCallback`: each message names our status route, where Twilio reports delivered, undelivered or failed
 *   (30xxx errors come only that way; modules/directdebit/directdebit.sms-status.ts).
 */
export interface TwilioGatewayOptions {
  accountSid: string;
  authToken: string;
  /** a Twilio number (E.164) or an alphanumeric sender id; or */
  from?: string | undefined;
  /** a Messaging Service (MG…) that picks the sender */
  messagingServiceSid?: string | undefined;
  /** default https://api.twilio.com (tests: the fake's URL) */
  baseUrl?: string | undefined;
  /** per request; default 10 000 ms */
  timeoutMs?: number | undefined;
  /** where Twilio posts the message's status changes (PUBLIC_URL + /api/sms-status.php) */
  statusCallback?: string | undefined;
}

/**
 * Twilio error codes that mean this number can never get this message: invalid 'To' (21211), unreachable
 * (21612), not a mobile number (21614), opted out by STOP (21610), a landline or unreachable carrier (30006 is
 * asynchronous and never seen here, so not listed).
 */
const NUMBER_REFUSED = new Set([21211, 21612, 21614, 21610]);

/**
 * Twilio error codes that mean no message can be sent until an operator changes the account (Twilio's error
 * dictionary): 10001 account not active, 20003 authentication failed, 20005 account not active, 21212 invalid 'From'
 * number, 21408 no permission to send to that country (geo permissions), 21606 the 'From' number cannot send SMS,
 * 21608 a trial account sending to an unverified number, 21659 'From' is not a Twilio number, 21701 and 21703 the
 * Messaging Service is unknown or has no sender, 30002 the account is suspended.
 */
export const TWILIO_CONFIGURATION_ERRORS = new Set([
  10001, 20003, 20005, 21212, 21408, 21606, 21608, 21659, 21701, 21703, 30002,
]);

function readNumber(value: unknown, key: string): number | undefined {
  const v = typeof value === 'object' && value !== null ? Reflect.get(value, key) : undefined;
  return typeof v === 'number' ? v : undefined;
}

/** Twilio's own RequestClient, sending every request to another origin (the path, auth and body unchanged). */
class BaseUrlRequestClient extends twilio.RequestClient {
  constructor(
    private readonly target: URL,
    timeout: number,
  ) {
    super({ timeout });
  }

  override request<TData>(
    request: Parameters<InstanceType<typeof twilio.RequestClient>['request']>[0] & { data?: TData },
  ) {
    const uri = new URL(request.uri);
    uri.protocol = this.target.protocol;
    uri.host = this.target.host;
    return super.request<TData>({ ...request, uri: uri.href });
  }
}

export function createTwilioGateway(opts: TwilioGatewayOptions): SmsGateway {
  if (!opts.from && !opts.messagingServiceSid)
    throw new Error('createTwilioGateway: a sender (from) or a messagingServiceSid is required');
  const timeout = opts.timeoutMs ?? 10_000;
  const httpClient = opts.baseUrl ? new BaseUrlRequestClient(new URL(opts.baseUrl), timeout) : undefined;
  const client = twilio(opts.accountSid, opts.authToken, {
    timeout,
    autoRetry: false,
    ...(httpClient ? { httpClient } : {}),
  });

  return {
    kind: 'twilio',
    async send(message: SmsMessage): Promise<SmsSent> {
      const to = maskPhone(message.to);
      try {
        const created = await client.messages.create({
          to: message.to,
          body: message.text,
          ...(opts.messagingServiceSid
            ? { messagingServiceSid: opts.messagingServiceSid }
            : { from: opts.from as string }),
          ...(opts.statusCallback ? { statusCallback: opts.statusCallback } : {}),
        });
        return { sid: created.sid };
      } catch (err) {
        // Twilio's RestException: the HTTP status and Twilio's error code. Its message repeats the number: not kept.
        const status = readNumber(err, 'status');
        const code = readNumber(err, 'code');
        if (status !== undefined) {
          if (code !== undefined && TWILIO_CONFIGURATION_ERRORS.has(code))
            throw new SmsRejected(
              `Twilio cannot send SMS: configuration error ${code} (${status}), see https://www.twilio.com/docs/api/errors/${code}`,
              'configuration',
              code,
            );
          if (status === 400 && code !== undefined && NUMBER_REFUSED.has(code))
            throw new SmsRejected(`Twilio refused the number ${to} (error ${code})`, 'number', code);
          throw new Error(
            `Twilio answered ${status}${code === undefined ? '' : ` (error ${code})`} for ${to}`,
          );
        }
        // Network errors and timeouts (axios): their text names the address, never the credentials.
        const reason = err instanceof Error ? err.message.split(opts.authToken).join('[redacted]') : 'error';
        throw new Error(`Twilio unreachable for ${to}: ${reason}`);
      }
    },
  };
}

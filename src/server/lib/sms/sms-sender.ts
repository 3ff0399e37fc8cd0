import type { AppConfig } from '../../config';
import { type ChannelSender, DropOutboxItem } from '../../jobs/outbox-sender';
import { OutboxSmsGateway, type SmsGateway, type SmsMessage, SmsRejected } from './sms';

/** What became of a message at once: taken by the gateway, refused for its number, or not sendable at all. */
export type SmsOutcome =
  | { status: 'sent'; sid: string | undefined }
  | { status: 'refused' | 'unavailable'; code: number | undefined };

export interface SmsSenderHooks {
  /** records the outcome on what the message is for (its `ref`); modules/directdebit/directdebit.sms-status.ts */
  record?: (ref: string, outcome: SmsOutcome) => Promise<void>;
  /** an operator must act: the gateway cannot send any SMS (logged at error level, never with the number) */
  alarm?: (msg: string) => void;
}

function isSmsMessage(payload: Record<string, unknown>): payload is Record<string, unknown> & SmsMessage {
  return typeof payload.to === 'string' && typeof payload.text === 'string';
}

/**
 * The outbox's 'sms' channel: sends through the gateway; a message whose code has expired, a malformed one and one
 * the gateway refused for good are dropped (retrying cannot help), anything else is retried by the outbox. The
 * outcome is recorded on the message's `ref` (the member's page reads it); a configuration refusal also raises the
 * alarm, since no SMS will go out until the account is fixed.
 */
export function smsSender(
  gateway: SmsGateway,
  now: () => Date = () => new Date(),
  hooks: SmsSenderHooks = {},
): ChannelSender {
  const record = async (ref: unknown, outcome: SmsOutcome) => {
    if (typeof ref === 'string' && hooks.record) await hooks.record(ref, outcome);
  };
  return async (payload) => {
    if (!isSmsMessage(payload)) throw new DropOutboxItem('not an SMS message');
    if (payload.expires_at && new Date(payload.expires_at).getTime() <= now().getTime())
      throw new DropOutboxItem('expired before it could be sent');
    let sid: string | undefined;
    try {
      sid = (await gateway.send(payload)).sid;
    } catch (err) {
      if (!(err instanceof SmsRejected)) throw err;
      if (err.reason === 'configuration')
        hooks.alarm?.(
          `SMS CANNOT BE SENT: ${err.message}. Direct-debit codes reach nobody until this is fixed.`,
        );
      await record(payload.ref, {
        status: err.reason === 'configuration' ? 'unavailable' : 'refused',
        code: err.code,
      });
      throw new DropOutboxItem(err.message);
    }
    // Sent: a failure to record it must not make the outbox send the code again.
    await record(payload.ref, { status: 'sent', sid }).catch((err: unknown) =>
      hooks.alarm?.(
        `SMS sent, its outcome not recorded: ${err instanceof Error ? err.message : String(err)}`,
      ),
    );
  };
}

/** Where Twilio posts a message's status (the route verifies Twilio's signature against exactly this URL). */
export const smsStatusCallbackUrl = (publicUrl: string) => `${publicUrl}/api/sms-status.php`;

/**
 * The configured gateway (config.sms): Twilio, or the outbox (embedded default). Twilio's client (about 0.6 s to
 * load) is loaded on the first message, never by an instance that sends none.
 */
export function createSmsGateway(config: AppConfig, log: (msg: string) => void): SmsGateway {
  if (config.sms.gateway === 'twilio') {
    const options = { ...config.sms, statusCallback: smsStatusCallbackUrl(config.publicUrl) };
    let twilio: Promise<SmsGateway> | undefined;
    return {
      kind: 'twilio',
      async send(message) {
        twilio ??= import('./twilio-gateway').then((m) => m.createTwilioGateway(options));
        return (await twilio).send(message);
      },
    };
  }
  if (config.isProduction)
    log('SMS: no gateway configured (TWILIO_*): direct debit is switched off, its codes would reach nobody');
  return new OutboxSmsGateway(log);
}

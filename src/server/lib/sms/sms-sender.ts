import type { AppConfig } from '../../config';
import { type ChannelSender, DropOutboxItem } from '../../jobs/outbox-sender';
import { OutboxSmsGateway, type SmsGateway, type SmsMessage, SmsRejected } from './sms';

function isSmsMessage(payload: Record<string, unknown>): payload is Record<string, unknown> & SmsMessage {
  return typeof payload.to === 'string' && typeof payload.text === 'string';
}

/**
 * The outbox's 'sms' channel: sends through the gateway; a message whose code has expired, a malformed one and one
 * the gateway refused for good are dropped (retrying cannot help), anything else is retried by the outbox.
 */
export function smsSender(gateway: SmsGateway, now: () => Date = () => new Date()): ChannelSender {
  return async (payload) => {
    if (!isSmsMessage(payload)) throw new DropOutboxItem('not an SMS message');
    if (payload.expires_at && new Date(payload.expires_at).getTime() <= now().getTime())
      throw new DropOutboxItem('expired before it could be sent');
    try {
      await gateway.send(payload);
    } catch (err) {
      if (err instanceof SmsRejected) throw new DropOutboxItem(err.message);
      throw err;
    }
  };
}

/**
 * The configured gateway (config.sms): Twilio, or the outbox (embedded default). Twilio's client (about 0.6 s to
 * load) is loaded on the first message, never by an instance that sends none.
 */
export function createSmsGateway(config: AppConfig, log: (msg: string) => void): SmsGateway {
  if (config.sms.gateway === 'twilio') {
    const options = config.sms;
    let twilio: Promise<SmsGateway> | undefined;
    return {
      kind: 'twilio',
      async send(message) {
        twilio ??= import('./twilio-gateway').then((m) => m.createTwilioGateway(options));
        await (await twilio).send(message);
      },
    };
  }
  if (config.isProduction)
    log('SMS: no gateway configured (TWILIO_*): direct debit is switched off, its codes would reach nobody');
  return new OutboxSmsGateway(log);
}

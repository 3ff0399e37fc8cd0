import type { Db } from '../../db/client';
import { outbox } from '../../db/schema';

/**
 * SMS (the direct-debit code; ARCHITECTURE.md "Integrations"): queued in the outbox in the transaction of the event,
 * sent by the outbox job through a gateway adapter. Embedded default: the outbox adapter (the message stays in the
 * outbox, readable on /dev/mailbox outside production); production: Twilio (twilio-gateway.ts) when configured.
 */
export interface SmsMessage {
  /** E.164, e.g. +31612345678 */
  to: string;
  text: string;
  /** ISO time after which sending is pointless (a code that has expired): the outbox drops the message then */
  expires_at?: string | undefined;
  /** what the message is for, to record its fate on (e.g. `directdebit:<request id>`; never the number) */
  ref?: string | undefined;
}

export interface SmsSent {
  /** the gateway's message id (Twilio: SM…), which its status callback names */
  sid?: string | undefined;
}

export interface SmsGateway {
  readonly kind: 'outbox' | 'twilio';
  /** Sends one message; throws `SmsRejected` when retrying can never help, anything else to retry later. */
  send(message: SmsMessage): Promise<SmsSent>;
}

/**
 * The gateway refused the message for good: not retried. `number`: this number can never get it (invalid,
 * unreachable, not a mobile, opted out); `configuration`: the gateway cannot send at all until an operator fixes the
 * account (no permission for the country, a sender that cannot send SMS, a trial account, wrong credentials).
 */
export class SmsRejected extends Error {
  constructor(
    message: string,
    readonly reason: 'number' | 'configuration' = 'number',
    readonly code: number | undefined = undefined,
  ) {
    super(message);
    this.name = 'SmsRejected';
  }
}

/** A phone number as it may appear in logs and errors: the country code and the last two digits. */
export function maskPhone(e164: string): string {
  const digits = e164.replace(/\D/g, '');
  if (digits.length < 6) return '+…';
  return `+${digits.slice(0, 2)}…${digits.slice(-2)}`;
}

type Tx = Pick<Db, 'insert'>;

/** Queues an SMS; call inside the transaction of the event that causes it. */
export async function enqueueSms(tx: Tx, userId: number | null, message: SmsMessage): Promise<void> {
  await tx.insert(outbox).values({ channel: 'sms', userId, payload: { ...message } });
}

/**
 * Without a gateway (the embedded default) an SMS is not sent anywhere: it stays in the outbox, marked sent, and
 * the development mailbox shows it (never served in production). The log line names neither the number nor the text.
 */
export class OutboxSmsGateway implements SmsGateway {
  readonly kind = 'outbox' as const;
  constructor(private readonly log: (msg: string) => void = () => {}) {}

  async send(message: SmsMessage): Promise<SmsSent> {
    this.log(`sms to ${maskPhone(message.to)} kept in the outbox (dev mailbox: /dev/mailbox)`);
    return {};
  }
}

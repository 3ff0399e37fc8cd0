import { Agent } from 'node:https';
import { isIP } from 'node:net';
import webpush, { WebPushError } from 'web-push';
import type { ChannelSender } from '../../jobs/outbox-sender';
import { DropOutboxItem } from '../../jobs/outbox-sender';
import { checkedLookup, isPrivateAddress, PushAddressRefused, type Resolver } from './push-address';

export { isPrivateAddress } from './push-address';

/** The only origins a test push service may have: a local server (and never in production: see pushSender). */
const LOOPBACK_ORIGIN = /^https:\/\/(127\.0\.0\.1|\[::1\]):\d+$/;

export interface PushSenderOptions {
  vapid: { subject: string; publicKey: string; privateKey: string };
  /** the member's subscription is gone (404/410 from the push service): remove it */
  onGone: (endpoint: string) => Promise<void>;
  /**
   * Tests only: a local push service (https://127.0.0.1:<port>) that skips the address check. Refused in
   * production (NODE_ENV=production) and for any origin that is not loopback with a port; no setting of the
   * configuration reaches it (bootstrap never passes it).
   */
  allowedTestOrigins?: readonly string[];
  /** tests only: a certificate authority to trust besides the system's (the local push service's certificate) */
  testCa?: string;
  /** how endpoint hosts are resolved (dns.lookup; tests pass a fake resolver) */
  resolve?: Resolver;
  timeoutMs?: number;
}

interface PushItem {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  ttl: number;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  data: Record<string, unknown>;
}

/**
 * The outbox's push channel: sends one encrypted web-push message (RFC 8291, VAPID) with the type's TTL and
 * urgency. The endpoint must be https and reach public addresses only: an address in the URL is checked here, a
 * host name in the agent's lookup (push-address.ts), so the connection goes to exactly the address that was checked.
 * A 404 or 410 from the push service means the subscription is gone: it is removed and the item dropped; a refused
 * address drops the item; other failures are retried by the outbox.
 */
export function pushSender(opts: PushSenderOptions): ChannelSender {
  const testOrigins = opts.allowedTestOrigins ?? [];
  if (testOrigins.length > 0 && process.env.NODE_ENV === 'production')
    throw new Error('push: test origins are never allowed in production');
  for (const origin of testOrigins)
    if (!LOOPBACK_ORIGIN.test(origin))
      throw new Error(`push: a test origin must be a local server: ${origin}`);
  // Every send goes through this agent, whose lookup checks the addresses it connects to.
  const agent = new Agent({
    lookup: checkedLookup(opts.resolve),
    ...(opts.testCa ? { ca: opts.testCa } : {}),
  });

  return async (payload) => {
    const item = payload as unknown as PushItem;
    let url: URL;
    try {
      url = new URL(item.endpoint);
    } catch {
      throw new DropOutboxItem('push endpoint is not a URL');
    }
    if (!testOrigins.includes(url.origin)) {
      if (url.protocol !== 'https:') throw new DropOutboxItem('push endpoint is not https');
      // An address in the URL is connected to without a lookup: checked here.
      const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
      if (isIP(host) !== 0 && isPrivateAddress(host))
        throw new DropOutboxItem('push endpoint is a private address');
    }
    try {
      await webpush.sendNotification(
        { endpoint: item.endpoint, keys: item.keys },
        JSON.stringify(item.data),
        {
          TTL: item.ttl,
          urgency: item.urgency,
          vapidDetails: opts.vapid,
          timeout: opts.timeoutMs ?? 10_000,
          agent,
        },
      );
    } catch (err) {
      if (err instanceof PushAddressRefused) throw new DropOutboxItem(err.message);
      if (err instanceof WebPushError && (err.statusCode === 404 || err.statusCode === 410)) {
        await opts.onGone(item.endpoint);
        throw new DropOutboxItem(`push subscription gone (${err.statusCode})`);
      }
      throw err;
    }
  };
}

import { lookup } from 'node:dns/promises';
import type { Agent } from 'node:https';
import { BlockList, isIP } from 'node:net';
import webpush, { WebPushError } from 'web-push';
import type { ChannelSender } from '../../jobs/outbox-sender';
import { DropOutboxItem } from '../../jobs/outbox-sender';

/** Addresses a push endpoint may never resolve to: our own network (SSRF). */
const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  PRIVATE.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['::ffff:0:0', 96],
] as const)
  PRIVATE.addSubnet(net, prefix, 'ipv6');

export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  return PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export interface PushSenderOptions {
  vapid: { subject: string; publicKey: string; privateKey: string };
  /** the member's subscription is gone (404/410 from the push service): remove it */
  onGone: (endpoint: string) => Promise<void>;
  /** tests only: push services on these origins (e.g. https://127.0.0.1:4321) skip the address check */
  allowedTestOrigins?: readonly string[];
  /** tests only: the agent that trusts a local push service's certificate */
  agent?: Agent;
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
 * urgency. The endpoint must resolve to public addresses only. A 404 or 410 from the push service means the
 * subscription is gone: it is removed and the item dropped; other failures are retried by the outbox.
 */
export function pushSender(opts: PushSenderOptions): ChannelSender {
  return async (payload) => {
    const item = payload as unknown as PushItem;
    const url = new URL(item.endpoint);
    if (!opts.allowedTestOrigins?.includes(url.origin)) {
      if (url.protocol !== 'https:') throw new DropOutboxItem('push endpoint is not https');
      const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
      const addresses = isIP(host) ? [{ address: host }] : await lookup(host, { all: true });
      if (addresses.length === 0 || addresses.some((a) => isPrivateAddress(a.address)))
        throw new DropOutboxItem('push endpoint resolves to a private address');
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
          ...(opts.agent ? { agent: opts.agent } : {}),
        },
      );
    } catch (err) {
      if (err instanceof WebPushError && (err.statusCode === 404 || err.statusCode === 410)) {
        await opts.onGone(item.endpoint);
        throw new DropOutboxItem(`push subscription gone (${err.statusCode})`);
      }
      throw err;
    }
  };
}

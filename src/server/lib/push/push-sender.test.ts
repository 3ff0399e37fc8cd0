import type { LookupAddress } from 'node:dns';
import { createServer, type Server } from 'node:https';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import webpush from 'web-push';
import { DropOutboxItem } from '../../jobs/outbox-sender';
import { FAKE_TLS_CERT, FAKE_TLS_KEY } from '../../modules/payments/providers/mollie-fake';
import { pushSender } from './push-sender';

/**
 * Issue 27, point 20: the push sender checks the address it actually connects to. A local https server stands where
 * a rebinding name would lead (127.0.0.1): it counts every connection made to it, so "refused" means nothing reached
 * it. Endpoint names are answered by a fake resolver.
 */
const vapid = { subject: 'mailto:ops@example.test', ...webpush.generateVAPIDKeys() };
const keys = (() => {
  const subscription = webpush.generateVAPIDKeys(); // a P-256 key pair: its public key serves as the browser's key
  return { p256dh: subscription.publicKey, auth: Buffer.alloc(16, 7).toString('base64url') };
})();

let server: Server;
let port: number;
let connections = 0;
let requests = 0;
beforeAll(async () => {
  server = createServer({ key: FAKE_TLS_KEY, cert: FAKE_TLS_CERT }, (req, res) => {
    requests += 1;
    req.resume();
    req.on('end', () => {
      res.statusCode = 201;
      res.end();
    });
  });
  server.on('connection', () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  port = (server.address() as { port: number }).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
afterEach(() => {
  vi.unstubAllEnvs();
});

const item = (endpoint: string) => ({ endpoint, keys, ttl: 60, urgency: 'normal', data: { title: 'x' } });

function resolverOf(answers: (host: string, call: number) => LookupAddress[]) {
  const asked: string[] = [];
  return {
    asked,
    resolve: async (host: string) => {
      asked.push(host);
      return answers(host, asked.length);
    },
  };
}

describe('pushSender: the address it connects to', () => {
  it.each([
    ['127.0.0.1', 4],
    ['10.0.0.7', 4],
    ['169.254.169.254', 4],
    ['::1', 6],
    ['fd00::', 6],
    ['::ffff:127.0.0.1', 6],
  ] as const)(
    'drops a push to a public name resolving to %s, connecting to nothing',
    async (address, family) => {
      const { resolve, asked } = resolverOf(() => [{ address, family }]);
      const send = pushSender({ vapid, onGone: async () => {}, resolve, testCa: FAKE_TLS_CERT });
      const before = connections;
      const error = await send(item(`https://push.example.net:${port}/send/1`)).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DropOutboxItem);
      expect((error as Error).message).toMatch(/private address/);
      expect(asked).toEqual(['push.example.net']);
      expect(connections).toBe(before);
    },
  );

  it('resolves once per send: a name that answers public, then 127.0.0.1 (DNS rebinding), never reaches 127.0.0.1', async () => {
    // The first answer is a public address (nothing answers there on this port: the send fails and is retried);
    // a sender that checked with one lookup and connected after another would reach the local server.
    const { resolve, asked } = resolverOf((_host, call) => [
      call === 1 ? { address: '100.63.255.254', family: 4 } : { address: '127.0.0.1', family: 4 },
    ]);
    const send = pushSender({ vapid, onGone: async () => {}, resolve, timeoutMs: 500 });
    const before = connections;
    const error = await send(item(`https://push.example.net:${port}/send/2`)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(DropOutboxItem);
    expect(asked).toEqual(['push.example.net']);
    expect(connections).toBe(before);
  });

  it('drops endpoints that are private addresses themselves, or not https, without a connection', async () => {
    const { resolve, asked } = resolverOf(() => []);
    const send = pushSender({ vapid, onGone: async () => {}, resolve });
    const before = connections;
    for (const endpoint of [
      `https://127.0.0.1:${port}/x`,
      `https://[::1]:${port}/x`,
      `https://[::ffff:127.0.0.1]:${port}/x`,
      `https://169.254.169.254/latest/meta-data`,
      `https://[fd00::1]/x`,
      `http://push.example.net:${port}/x`,
    ])
      await expect(send(item(endpoint))).rejects.toBeInstanceOf(DropOutboxItem);
    expect(asked).toEqual([]);
    expect(connections).toBe(before);
  });

  it('sends to a local test service only when a test names its origin, never in production', async () => {
    const origin = `https://127.0.0.1:${port}`;
    const send = pushSender({
      vapid,
      onGone: async () => {},
      allowedTestOrigins: [origin],
      testCa: FAKE_TLS_CERT,
    });
    const before = requests;
    await send(item(`${origin}/send/3`));
    expect(requests).toBe(before + 1);

    expect(() =>
      pushSender({ vapid, onGone: async () => {}, allowedTestOrigins: ['https://push.example.net:443'] }),
    ).toThrow(/local server/);
    vi.stubEnv('NODE_ENV', 'production');
    expect(() => pushSender({ vapid, onGone: async () => {}, allowedTestOrigins: [origin] })).toThrow(
      /production/,
    );
  });
});

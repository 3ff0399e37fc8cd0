import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The script's own webhook receiver: records each `id` Mollie posts (form-encoded, as Mollie sends it; JSON too) and
 * answers 200. Mollie can only reach it through a public URL (VERIFY_WEBHOOK_URL, e.g. a tunnel to this port), so the
 * payments the checks create carry that URL as their `webhookUrl`, never the product's: a check's calls never touch
 * the product's database.
 */
export interface WebhookListener {
  /** http://127.0.0.1:<port>/ (the local address; Mollie needs the public URL that leads here) */
  localUrl: string;
  /** the ids posted so far, in order */
  received: readonly string[];
  /** resolves true when `id` is (or was already) posted, false after `timeoutMs` */
  waitFor(id: string, timeoutMs: number): Promise<boolean>;
  close(): Promise<void>;
}

const MAX_BODY = 4096;

function readId(req: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
      if (body.length > MAX_BODY) req.destroy();
    });
    req.on('end', () => {
      const type = req.headers['content-type'] ?? '';
      if (type.includes('application/json')) {
        try {
          const parsed: unknown = JSON.parse(body);
          const id = typeof parsed === 'object' && parsed !== null ? Reflect.get(parsed, 'id') : undefined;
          resolve(typeof id === 'string' ? id : undefined);
        } catch {
          resolve(undefined);
        }
        return;
      }
      resolve(new URLSearchParams(body).get('id') ?? undefined);
    });
    req.on('error', () => resolve(undefined));
  });
}

/** Listens on `port` (0: a free one) of `host` (default 127.0.0.1: a tunnel on this machine forwards Mollie's calls). */
export async function startWebhookListener(port = 0, host = '127.0.0.1'): Promise<WebhookListener> {
  const received: string[] = [];
  const waiters = new Set<{ id: string; done: (seen: boolean) => void }>();
  const server: Server = createServer((req, res) => {
    if (req.method !== 'POST') {
      res.writeHead(405).end();
      return;
    }
    void readId(req).then((id) => {
      if (id) {
        received.push(id);
        for (const waiter of waiters) if (waiter.id === id) waiter.done(true);
      }
      res.writeHead(200, { 'Content-Type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  return {
    localUrl: `http://127.0.0.1:${address.port}/`,
    received,
    waitFor(id, timeoutMs) {
      if (received.includes(id)) return Promise.resolve(true);
      return new Promise((resolve) => {
        const waiter = {
          id,
          done: (seen: boolean) => {
            clearTimeout(timer);
            waiters.delete(waiter);
            resolve(seen);
          },
        };
        const timer = setTimeout(() => waiter.done(false), timeoutMs);
        waiters.add(waiter);
      });
    },
    close() {
      for (const waiter of [...waiters]) waiter.done(false);
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

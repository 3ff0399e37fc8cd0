/**
 * TEST SUPPORT ONLY: a pass-through in front of a local provider fake (mollie-fake.ts, lib/sms/twilio-fake.ts) that
 * lets a test answer a request itself (`intercept`: Mollie refusing a method, Twilio's magic test numbers) or change
 * the fake's answer (`rewrite`: a mandate that is pending, a SEPA due date), so the live checks are proven to report
 * both what the product expects and what it does not. Never import this module from production code.
 */
import {
  createServer as createHttpServer,
  request as httpRequest,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import { createServer as createHttpsServer, request as httpsRequest } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { FAKE_TLS_CERT, FAKE_TLS_KEY } from '../providers/mollie-fake';

export interface ProxiedRequest {
  method: string;
  path: string;
  body: string;
}

export interface ProxyAnswer {
  status: number;
  body: unknown;
}

export interface FakeProxy {
  /** the proxy's origin, e.g. https://127.0.0.1:40123 */
  origin: string;
  /** answers a request itself when it returns an answer */
  intercept: ((req: ProxiedRequest) => ProxyAnswer | undefined) | undefined;
  /** changes the fake's JSON answer */
  rewrite: ((req: ProxiedRequest, answer: ProxyAnswer) => ProxyAnswer) | undefined;
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function forward(
  target: URL,
  req: IncomingMessage,
  body: string,
): Promise<{ status: number; type: string; text: string }> {
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  const headers = { ...req.headers, host: target.host };
  return new Promise((resolve, reject) => {
    const outgoing = send(
      {
        hostname: target.hostname,
        port: target.port,
        path: req.url,
        method: req.method,
        headers,
        rejectUnauthorized: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 502,
            type: String(res.headers['content-type'] ?? 'application/json'),
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

function reply(res: ServerResponse, status: number, type: string, text: string): void {
  if (status === 204) {
    res.writeHead(204).end();
    return;
  }
  res.writeHead(status, { 'Content-Type': type, 'Content-Length': Buffer.byteLength(text) }).end(text);
}

/** Starts a proxy to `targetOrigin` on 127.0.0.1 (TLS with the fake's certificate when `tls`). */
export async function startFakeProxy(targetOrigin: string, tls: boolean): Promise<FakeProxy> {
  const target = new URL(targetOrigin);
  const sockets = new Set<Socket>();
  const proxy: FakeProxy = {
    origin: '',
    intercept: undefined,
    rewrite: undefined,
    close: async () => {},
  };
  const handler = (req: IncomingMessage, res: ServerResponse): void => {
    void (async () => {
      const body = await readBody(req);
      const seen: ProxiedRequest = {
        method: req.method ?? 'GET',
        path: new URL(req.url ?? '/', 'http://x').pathname,
        body,
      };
      const own = proxy.intercept?.(seen);
      if (own) {
        reply(res, own.status, 'application/json', JSON.stringify(own.body));
        return;
      }
      const answer = await forward(target, req, body);
      if (!proxy.rewrite || answer.status === 204 || answer.text === '') {
        reply(res, answer.status, answer.type, answer.text);
        return;
      }
      const changed = proxy.rewrite(seen, { status: answer.status, body: JSON.parse(answer.text) });
      reply(res, changed.status, answer.type, JSON.stringify(changed.body));
    })().catch((error: unknown) => {
      if (!res.headersSent)
        reply(res, 502, 'text/plain', error instanceof Error ? error.message : 'proxy error');
    });
  };
  const server = tls
    ? createHttpsServer({ key: FAKE_TLS_KEY, cert: FAKE_TLS_CERT }, handler)
    : createHttpServer(handler);
  server.on(tls ? 'secureConnection' : 'connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  proxy.origin = `${tls ? 'https' : 'http'}://127.0.0.1:${port}`;
  proxy.close = () => {
    for (const socket of sockets) socket.destroy();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return proxy;
}

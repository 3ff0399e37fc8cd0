/**
 * TEST SUPPORT ONLY: a local stand-in for Twilio's Programmable Messaging API, answering the one call the gateway
 * makes, `POST /2010-04-01/Accounts/{AccountSid}/Messages.json` (form-encoded To, From or MessagingServiceSid, Body;
 * HTTP basic auth with the Account SID and auth token), with the response and error shapes of Twilio's API reference
 * (the Message resource; errors `{ code, message, more_info, status }`). Plain HTTP on 127.0.0.1 on a free port.
 * It also refuses as a misconfigured account does (`refuseNext`: 21408 no permission for the country, 21606, 21608,
 * 20003, … with Twilio's HTTP status for each), and makes the status callbacks Twilio posts to a message's
 * `StatusCallback` (`statusCallback`: the form fields of Twilio's messaging webhooks, signed with X-Twilio-Signature
 * by the `twilio` package's own getExpectedTwilioSignature).
 * Never import this module from production code.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import twilio from 'twilio';

export interface TwilioFakeRequest {
  method: string;
  path: string;
  /** the form fields */
  form: Record<string, string>;
  /** whether basic auth matched; the credentials themselves are never recorded */
  authorized: boolean;
}

export interface TwilioFake {
  /** the base URL to give the gateway, e.g. http://127.0.0.1:40123 */
  url: string;
  accountSid: string;
  authToken: string;
  requests: TwilioFakeRequest[];
  /** numbers Twilio cannot route to (error 21612) */
  unreachable: Set<string>;
  /** the next `times` requests fail with that status (a Twilio error body) or are never answered */
  failNext(failure: number | 'hang', times?: number): void;
  /** the next `times` messages are refused with that Twilio error code, as the account's configuration would */
  refuseNext(code: number, times?: number): void;
  /** the messages created, by sid: what the status callback needs */
  messages: Map<string, { to: string; from: string; statusCallback: string | undefined }>;
  /**
   * The status callback Twilio would post for a message (`errorCode` for undelivered/failed: 30003 unreachable,
   * 30005 unknown number, 30006 landline, 30007 filtered, 30008 unknown), signed with the auth token: the URL, the
   * headers and the form body. `signWith` signs with another token (a forgery).
   */
  statusCallback(
    sid: string,
    status: 'queued' | 'sent' | 'delivered' | 'undelivered' | 'failed',
    opts?: { errorCode?: number; signWith?: string },
  ): { url: string; headers: Record<string, string>; body: string };
  close(): Promise<void>;
}

const hex = (bytes: number) => randomBytes(bytes).toString('hex');
const DOCS = 'https://www.twilio.com/docs/errors';

/** RFC 2822 dates, as Twilio writes them ("Thu, 24 Aug 2023 05:01:45 +0000"). */
const rfc2822 = (d: Date) => d.toUTCString().replace('GMT', '+0000');

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, body: Record<string, unknown>): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

const error = (status: number, code: number, message: string) => ({
  code,
  message,
  more_info: `${DOCS}/${code}`,
  status,
});

/** Twilio's HTTP status and message for the configuration errors the fake can produce (Twilio's error dictionary). */
const REFUSALS: Record<number, { status: number; message: string }> = {
  10001: { status: 400, message: 'Account is not active' },
  20003: { status: 401, message: 'Authenticate' },
  21212: {
    status: 400,
    message: "The 'From' number is not a valid phone number, shortcode, or alphanumeric sender ID.",
  },
  21408: {
    status: 400,
    message: "Permission to send an SMS has not been enabled for the region indicated by the 'To' number",
  },
  21606: {
    status: 400,
    message:
      "The 'From' phone number provided is not a valid message-capable Twilio phone number for this destination.",
  },
  21608: {
    status: 400,
    message:
      'The number is unverified. Trial accounts can only send messages to verified numbers; verify the number or purchase a Twilio number to send messages to unverified numbers.',
  },
  21659: {
    status: 400,
    message: "The 'From' number is not a Twilio phone number or alphanumeric sender ID.",
  },
};

export async function startTwilioFake(
  credentials: { accountSid?: string; authToken?: string } = {},
): Promise<TwilioFake> {
  const accountSid = credentials.accountSid ?? `AC${hex(16)}`;
  const authToken = credentials.authToken ?? hex(16);
  const refusals: number[] = [];
  const messages = new Map<string, { to: string; from: string; statusCallback: string | undefined }>();
  const requests: TwilioFakeRequest[] = [];
  const failures: (number | 'hang')[] = [];
  const unreachable = new Set<string>();
  const sockets = new Set<Socket>();
  const expectedAuth = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const raw = await readBody(req);
    const form = Object.fromEntries(new URLSearchParams(raw));
    const authorized = req.headers.authorization === expectedAuth;
    requests.push({ method: req.method ?? 'GET', path: url.pathname, form, authorized });

    const failure = failures.shift();
    if (failure === 'hang') return;
    if (failure !== undefined) {
      send(res, failure, error(failure, failure === 429 ? 20429 : 20500, 'Simulated failure'));
      return;
    }
    if (!authorized) {
      send(res, 401, error(401, 20003, 'Authenticate'));
      return;
    }
    const path = url.pathname.match(/^\/2010-04-01\/Accounts\/(AC[0-9a-f]{32})\/Messages\.json$/);
    if (req.method !== 'POST' || !path || path[1] !== accountSid) {
      send(res, 404, error(404, 20404, `The requested resource ${url.pathname} was not found`));
      return;
    }
    const to = form.To ?? '';
    if (!/^\+[1-9]\d{6,14}$/.test(to)) {
      send(res, 400, error(400, 21211, `Invalid 'To' Phone Number: ${to}`));
      return;
    }
    if (!form.Body) {
      send(res, 400, error(400, 21602, 'Message body is required.'));
      return;
    }
    if (!form.From && !form.MessagingServiceSid) {
      send(res, 400, error(400, 21603, "A 'From' phone number is required."));
      return;
    }
    if (unreachable.has(to)) {
      send(res, 400, error(400, 21612, `The 'To' phone number: ${to}, is not currently reachable.`));
      return;
    }
    const refusal = refusals.shift();
    if (refusal !== undefined) {
      const known = REFUSALS[refusal] ?? { status: 400, message: `Error ${refusal}` };
      send(res, known.status, error(known.status, refusal, known.message));
      return;
    }
    const sid = `SM${hex(16)}`;
    messages.set(sid, { to, from: form.From ?? 'Amora', statusCallback: form.StatusCallback });
    const now = rfc2822(new Date());
    const uri = `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json`;
    // The Message resource as Twilio answers the create call (201, status queued).
    send(res, 201, {
      account_sid: accountSid,
      api_version: '2010-04-01',
      body: form.Body,
      date_created: now,
      date_sent: null,
      date_updated: now,
      direction: 'outbound-api',
      error_code: null,
      error_message: null,
      from: form.From ?? null,
      messaging_service_sid: form.MessagingServiceSid ?? null,
      num_media: '0',
      num_segments: String(Math.max(1, Math.ceil(form.Body.length / 153))),
      price: null,
      price_unit: null,
      sid,
      status: form.MessagingServiceSid ? 'accepted' : 'queued',
      subresource_uris: { media: uri.replace('.json', '/Media.json') },
      to,
      uri,
    });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) send(res, 500, error(500, 20500, 'Internal Server Error'));
    });
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the Twilio fake has no port');

  return {
    url: `http://127.0.0.1:${address.port}`,
    accountSid,
    authToken,
    requests,
    unreachable,
    failNext(failure, times = 1) {
      for (let i = 0; i < times; i += 1) failures.push(failure);
    },
    refuseNext(code, times = 1) {
      for (let i = 0; i < times; i += 1) refusals.push(code);
    },
    messages,
    statusCallback(sid, status, opts = {}) {
      const message = messages.get(sid);
      if (!message?.statusCallback) throw new Error(`the message ${sid} named no status callback`);
      // The fields of Twilio's outbound message status callback.
      const params: Record<string, string> = {
        AccountSid: accountSid,
        ApiVersion: '2010-04-01',
        From: message.from,
        MessageSid: sid,
        MessageStatus: status,
        SmsSid: sid,
        SmsStatus: status,
        To: message.to,
        ...(opts.errorCode === undefined ? {} : { ErrorCode: String(opts.errorCode) }),
      };
      const signature = twilio.getExpectedTwilioSignature(
        opts.signWith ?? authToken,
        message.statusCallback,
        params,
      );
      return {
        url: message.statusCallback,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-twilio-signature': signature,
          'user-agent': 'TwilioProxy/1.1',
        },
        body: new URLSearchParams(params).toString(),
      };
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

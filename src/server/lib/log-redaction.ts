import type { FastifyRequest } from 'fastify';

/**
 * What the logs must never carry: e-mail addresses, password hashes, tokens, cookies, IBANs and phone numbers (the
 * direct-debit form's). Three layers:
 * - `maskSecrets` rewrites free text (error messages, job log lines);
 * - `logSerializers` shape what Fastify logs of requests (query strings redacted by key) and errors (database
 *   errors without their SQL parameters or detail, which repeat the values of the row);
 * - `REDACT_PATHS` for pino's `redact`, for objects that a log call passes on by mistake.
 */

/** Query-string keys whose values are secrets or personal data (tokens in mailed links, the dev mailbox filter). */
export const SECRET_QUERY_KEYS = new Set([
  'token',
  'reactivate',
  'code',
  'otp',
  'email',
  'to',
  'iban',
  'password',
]);

export const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  ...[
    'email',
    'newEmail',
    'new_email',
    'password',
    'old_password',
    'passwordHash',
    'password_hash',
    'token',
    'tokenHash',
    'token_hash',
    'iban',
    'otp',
    'cookie',
    // The direct-debit form and the provider's mandate call.
    'phone',
    'account_holder',
    'consumerAccount',
    'consumerName',
  ].flatMap((k) => [k, `*.${k}`]),
];

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
const ARGON_HASH = /\$argon2(?:id|i|d)\$[^\s"']+/g;
// An IBAN: two letters, two check digits, 11 to 30 letters/digits, optionally grouped by spaces.
const IBAN = /\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?\b/g;
// Phone numbers in international form (the SMS gateway's errors may repeat one): + and 8 to 15 digits.
const PHONE = /\+\d{8,15}\b/g;
// Tokens: long runs of hex or base64url, as our tokens and their hashes are.
const TOKEN = /\b[A-Za-z0-9_-]{32,}\b/g;

export function maskSecrets(text: string): string {
  return text
    .replace(ARGON_HASH, '[hash]')
    .replace(EMAIL, '[email]')
    .replace(IBAN, '[iban]')
    .replace(PHONE, '[phone]')
    .replace(TOKEN, '[token]');
}

/** A URL with the values of secret query keys replaced (`/api/activate.php?token=[redacted]`). */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const parts = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawKey = eq < 0 ? pair : pair.slice(0, eq);
      let key = rawKey;
      try {
        key = decodeURIComponent(rawKey);
      } catch {
        /* an undecodable key is kept as it is, its value redacted below if it matches */
      }
      return SECRET_QUERY_KEYS.has(key.toLowerCase()) && eq >= 0 ? `${rawKey}=[redacted]` : maskSecrets(pair);
    });
  return `${url.slice(0, q)}?${parts.join('&')}`;
}

interface ErrorLike {
  name?: string;
  message?: string;
  code?: string;
  statusCode?: number;
  stack?: string;
  cause?: unknown;
  constraint?: string;
  table?: string;
}

/**
 * An error as it may be logged: type, SQLSTATE code, constraint and table of a database error, the message with
 * secrets masked and without a failed query's parameters, and the stack's frames (not its first line, which repeats
 * the message). The errors it wraps (`cause`, an AggregateError's `errors`) are logged the same way, three deep.
 */
export function safeError(err: unknown, depth = 0): Record<string, unknown> {
  if (!err || typeof err !== 'object') return { message: maskSecrets(String(err)) };
  const e = err as ErrorLike;
  const cause = (e.cause && typeof e.cause === 'object' ? e.cause : undefined) as ErrorLike | undefined;
  // Drizzle's "Failed query: <sql> params: <values>": keep the database's own message, never the values.
  const isQueryError = e.name === 'DrizzleQueryError' || /^Failed query:/.test(e.message ?? '');
  const message = isQueryError ? (cause?.message ?? 'database query failed') : (e.message ?? '');
  const db = cause ?? e;
  const frames = (e.stack ?? '')
    .split('\n')
    .filter((l) => l.trimStart().startsWith('at '))
    .slice(0, 15)
    .join('\n');
  return {
    type: e.name ?? 'Error',
    message: maskSecrets(message),
    ...(db.code ? { code: db.code } : {}),
    ...(db.constraint ? { constraint: db.constraint } : {}),
    ...(db.table ? { table: db.table } : {}),
    ...(e.statusCode ? { statusCode: e.statusCode } : {}),
    ...(frames ? { stack: frames } : {}),
    ...(depth < 3 ? wrapped(e, isQueryError, depth + 1) : {}),
  };
}

/** What an error wraps, as safeError logs it: the cause (a failed query's is already its message) and the errors. */
function wrapped(e: ErrorLike, isQueryError: boolean, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (!isQueryError && e.cause && typeof e.cause === 'object') out.cause = safeError(e.cause, depth);
  const errors = (e as { errors?: unknown }).errors;
  if (e.name === 'AggregateError' && Array.isArray(errors))
    out.errors = errors.slice(0, 5).map((x) => safeError(x, depth));
  return out;
}

export const logSerializers = {
  req(req: FastifyRequest) {
    return {
      method: req.method,
      url: redactUrl(req.url),
      route: req.routeOptions?.url,
      remoteAddress: req.ip,
    };
  },
  err: safeError,
  error: safeError,
};

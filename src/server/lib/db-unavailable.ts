/**
 * Whether an error means PostgreSQL cannot be reached or is going away (a restart, a failover, a stop), rather than a
 * fault of the request or the code: the API then answers 503 `temporarily_unavailable` (plugins/errors.ts), a
 * clear "try again" for clients and load balancers, instead of 500. The pools replace dead connections on the next
 * use, so the product recovers by itself when the database is back. Looks through `cause` (drizzle-orm wraps the
 * driver's error in DrizzleQueryError).
 */
const SQLSTATES = new Set([
  '57P01', // admin_shutdown: terminating connection due to administrator command
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: the database system is starting up / shutting down
  '53300', // too_many_connections
  '08000', // connection_exception
  '08001', // sqlclient_unable_to_establish_sqlconnection
  '08003', // connection_does_not_exist
  '08006', // connection_failure
]);
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);
const MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];

export function isDatabaseUnavailable(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; depth < 5 && e instanceof Error; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (SQLSTATES.has(code) || NETWORK_CODES.has(code))) return true;
    if (MESSAGES.some((m) => e instanceof Error && e.message.includes(m))) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { RULES } from '../../shared/rules';
import { ApiError, apiUrl, httpConfig } from '../lib/http';

/**
 * The console's HTTP client: same-origin JSON calls to /api/admin/*.php with the staff cookie and the request-type
 * header (CSRF), answers checked against the shared zod schema when one is given, errors as AdminApiError.
 * A 401 staff_authentication_required tells the session (admin/session.tsx), which shows the sign-in in place.
 */
export class AdminApiError extends ApiError {
  constructor(
    status: number,
    code: string,
    message: string,
    fields?: Record<string, string>,
    /** Seconds the server asks to wait (Retry-After of a 429), when it says so. */
    public readonly retryAfterSeconds?: number,
  ) {
    super(status, code, message, fields);
    this.name = 'AdminApiError';
  }
}

export const STAFF_AUTH_REQUIRED = 'staff_authentication_required';
export const STAFF_FORBIDDEN = 'staff_forbidden';

type Listener = () => void;
const authListeners = new Set<Listener>();

/** Called whenever a console call answers 401 staff_authentication_required (no session, or it has ended). */
export function onStaffAuthRequired(listener: Listener): () => void {
  authListeners.add(listener);
  return () => authListeners.delete(listener);
}

export type AdminQuery = Record<string, string | number | boolean | undefined | null>;

export interface AdminCallOptions<S extends z.ZodType | undefined = undefined> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: AdminQuery;
  body?: unknown;
  /** The answer's schema (src/shared/schemas): the answer is parsed with it and typed by it. */
  schema?: S;
  signal?: AbortSignal;
  /** Retries after a network failure or a 5xx/429 (default 2 for GET, none for writes). */
  retries?: number;
}

type Answer<S, T> = S extends z.ZodType ? z.output<S> : T;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function errorOf(res: Response): Promise<AdminApiError> {
  let code = 'http_error';
  let message = res.statusText;
  let fields: Record<string, string> | undefined;
  try {
    const body = (await res.json()) as {
      error?: { code?: string; message?: string; fields?: Record<string, string> };
    };
    code = body.error?.code ?? code;
    message = body.error?.message ?? message;
    fields = body.error?.fields;
  } catch {
    /* not JSON */
  }
  const retryAfter = Number(res.headers.get('Retry-After'));
  return new AdminApiError(
    res.status,
    code,
    message,
    fields,
    Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
  );
}

/** Calls a console endpoint (`api/admin/<resource>.php`). */
export async function adminApi<T = unknown, S extends z.ZodType | undefined = undefined>(
  path: `api/admin/${string}`,
  opts: AdminCallOptions<S> = {},
): Promise<Answer<S, T>> {
  const method = opts.method ?? 'GET';
  const url = apiUrl(path, opts.query);
  const headers: Record<string, string> = {
    Accept: 'application/json',
    [RULES.http.requestTypeHeader]: RULES.http.requestTypeValue,
  };
  if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
  const maxRetries = opts.retries ?? (method === 'GET' ? 2 : 0);

  for (let attempt = 0; ; attempt++) {
    let res: Response;
    try {
      res = await fetch(url, {
        method,
        headers,
        credentials: 'same-origin',
        body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
        signal: opts.signal,
      });
    } catch (err) {
      if (opts.signal?.aborted || attempt >= maxRetries) {
        throw new AdminApiError(0, 'network_error', String(err));
      }
      await sleep(httpConfig.retryBaseDelayMs * 2 ** attempt);
      continue;
    }
    if (res.ok) {
      const data: unknown = res.status === 204 ? undefined : await res.json();
      return (opts.schema ? opts.schema.parse(data) : data) as Answer<S, T>;
    }
    if (
      (res.status >= 500 || res.status === 429) &&
      attempt < maxRetries &&
      !res.headers.has('Retry-After')
    ) {
      await sleep(httpConfig.retryBaseDelayMs * 2 ** attempt);
      continue;
    }
    const error = await errorOf(res);
    if (res.status === 401 && error.code === STAFF_AUTH_REQUIRED) for (const l of authListeners) l();
    throw error;
  }
}

/**
 * The text to show for a failed call, in the console's language: the area's own text for the code
 * (`<ns>:errors.<code>`), else the console's (`console:errors.<code>`), else the server's message (the server
 * translates it by the same locale cookie, and it carries details such as the minutes of a lock), else a
 * generic text.
 */
export function errorText(t: TFunction, err: unknown, ns?: string): string {
  if (!(err instanceof ApiError)) return t('console:errors.generic');
  if (err instanceof AdminApiError && err.retryAfterSeconds && err.status === 429) {
    return t('console:errors.locked', { minutes: Math.max(1, Math.ceil(err.retryAfterSeconds / 60)) });
  }
  const keys = [...(ns ? [`${ns}:errors.${err.code}`] : []), `console:errors.${err.code}`];
  for (const key of keys) {
    const text = t(key, { defaultValue: '' });
    if (text) return text;
  }
  if (err.status === 0) return t('console:errors.network_error');
  return err.message && err.code !== 'http_error' ? err.message : t('console:errors.generic');
}

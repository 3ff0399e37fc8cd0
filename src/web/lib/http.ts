import { RULES } from '../../shared/rules';

/** The API's error answer, thrown by `api()` for any non-2xx response. */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: string,
    message: string,
    public readonly fields?: Record<string, string>,
    /** Other members of the error object (a restricted member's ban-page token: `restriction`). */
    public readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type AuthListener = () => void;
const authListeners = new Set<AuthListener>();
/** Called when an authenticated call answers 403 authentication_required: the app logs out quietly. */
export function onAuthenticationRequired(listener: AuthListener): () => void {
  authListeners.add(listener);
  return () => authListeners.delete(listener);
}

export const httpConfig: { baseUrl: string; retries: number; retryBaseDelayMs: number } = {
  baseUrl: (import.meta.env.VITE_API_BASE_URL as string | undefined) ?? '/',
  retries: RULES.http.retries,
  retryBaseDelayMs: RULES.http.retryBaseDelayMs,
};

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, string | number | boolean | undefined | null>;
  body?: unknown;
  signal?: AbortSignal;
  /** Retries for network failures and 5xx/429 answers (default 5 for GET, 0 for writes). */
  retries?: number;
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const t = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(t);
      reject(signal.reason);
    });
  });

export function apiUrl(path: string, query?: ApiOptions['query']): string {
  const base = httpConfig.baseUrl.endsWith('/') ? httpConfig.baseUrl : `${httpConfig.baseUrl}/`;
  const url = new URL(base + path.replace(/^\//, ''), location.origin);
  for (const [k, v] of Object.entries(query ?? {}))
    if (v !== undefined && v !== null) url.searchParams.set(k, String(v));
  return url.origin === location.origin ? url.pathname + url.search : url.toString();
}

/**
 * Calls the API: JSON in and out, the request-type header on user.php calls, up to 5 retries with
 * exponential delay for failures that may pass (network, 5xx, 429), and the quiet logout on 403 authentication_required.
 */
export async function api<T>(path: string, opts: ApiOptions = {}): Promise<T> {
  const method = opts.method ?? 'GET';
  const url = apiUrl(path, opts.query);
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
  // The spec marks user.php calls; the server also requires the mark on every state-changing call (CSRF),
  // logout.php included although it is a GET.
  const file = url.split('?')[0]!.split('/').pop() ?? '';
  if (method !== 'GET' || (RULES.http.markedGetCalls as readonly string[]).includes(file)) {
    headers[RULES.http.requestTypeHeader] = RULES.http.requestTypeValue;
  }
  const maxRetries = opts.retries ?? (method === 'GET' ? httpConfig.retries : 0);

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
      if (opts.signal?.aborted || attempt >= maxRetries) throw new ApiError(0, 'network_error', String(err));
      await sleep(httpConfig.retryBaseDelayMs * 2 ** attempt, opts.signal);
      continue;
    }
    if (res.ok) return (res.status === 204 ? undefined : await res.json()) as T;
    if ((res.status >= 500 || res.status === 429) && attempt < maxRetries) {
      await sleep(httpConfig.retryBaseDelayMs * 2 ** attempt, opts.signal);
      continue;
    }
    let code = 'http_error';
    let message = res.statusText;
    let fields: Record<string, string> | undefined;
    let details: Record<string, unknown> = {};
    try {
      const body = (await res.json()) as {
        error?: { code?: string; message?: string; fields?: Record<string, string> } & Record<
          string,
          unknown
        >;
      };
      code = body.error?.code ?? code;
      message = body.error?.message ?? message;
      fields = body.error?.fields;
      details = body.error ?? {};
    } catch {
      /* not JSON */
    }
    if (res.status === 403 && code === 'authentication_required') for (const l of authListeners) l();
    throw new ApiError(res.status, code, message, fields, details);
  }
}

import type { FetchBaseQueryError, FetchBaseQueryMeta } from '@reduxjs/toolkit/query';

/** What a call sends: a path below the API base (or an absolute URL), a method and a body. */
export interface TransportArgs {
  url: string;
  method?: string;
  /** Sent as JSON. */
  body?: unknown;
}

export interface TransportResult {
  data?: unknown;
  error?: FetchBaseQueryError;
  meta?: FetchBaseQueryMeta;
}

const isAbsolute = (url: string) => /^[a-z][a-z\d+\-.]*:/i.test(url);

/** `baseUrl` and `url` with exactly one slash between them; an absolute `url` as it is. */
export function joinUrl(baseUrl: string, url: string): string {
  if (!baseUrl || isAbsolute(url)) return url;
  return `${baseUrl.replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}`;
}

const isTimeout = (error: unknown) => error instanceof Error && error.name === 'TimeoutError';

/**
 * One HTTP exchange with the operator, answered in RTK Query's shapes (the console's one base
 * query is built on it, and the sign-in screen calls it before RTK Query has loaded: it must
 * not pull RTK Query into the first screen's scripts, docs/performance.md). JSON both ways;
 * a transport failure is `FETCH_ERROR` (or `TIMEOUT_ERROR`), a body that is not JSON
 * `PARSING_ERROR`, a status outside 2xx `{ status, data }`.
 */
export async function sendOverHttp(
  baseUrl: string,
  args: string | TransportArgs,
  headers: Headers,
  signal?: AbortSignal,
): Promise<TransportResult> {
  const { url, method = 'GET', body } = typeof args === 'string' ? { url: args } : args;
  if (body !== undefined && !headers.has('content-type')) {
    headers.set('content-type', 'application/json');
  }
  if (!headers.has('accept')) headers.set('accept', 'application/json');
  const init: RequestInit = { method, headers };
  if (body !== undefined) init.body = JSON.stringify(body);
  if (signal) init.signal = signal;
  const request = new Request(joinUrl(baseUrl, url), init);
  const meta: FetchBaseQueryMeta = { request: request.clone() };
  let response: Response;
  try {
    response = await fetch(request);
  } catch (error) {
    return {
      error: { status: isTimeout(error) ? 'TIMEOUT_ERROR' : 'FETCH_ERROR', error: String(error) },
      meta,
    };
  }
  // The response itself: its body is read once, below (a clone would keep a second copy).
  meta.response = response;
  let text = '';
  let data: unknown;
  try {
    text = await response.text();
    data = text.length > 0 ? JSON.parse(text) : null;
  } catch (error) {
    return {
      error: {
        status: 'PARSING_ERROR',
        originalStatus: response.status,
        data: text,
        error: String(error),
      },
      meta,
    };
  }
  if (response.status >= 200 && response.status <= 299) return { data, meta };
  return { error: { status: response.status, data }, meta };
}

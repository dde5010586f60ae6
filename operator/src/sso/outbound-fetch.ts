import type { OutboundPolicy, Resolver } from '../outbound/policy.js';
import type { OutboundFailure } from '../outbound/request.js';
import { outboundRequest } from '../outbound/request.js';

/** A call to an identity provider that the outbound policy refused or that did not complete. */
export class ProviderCallError extends Error {}

export interface ProviderFetchOptions {
  policy: OutboundPolicy;
  resolve?: Resolver;
  timeoutMs: number;
  /** Discovery documents and key sets are small; anything larger is not a provider's answer. */
  maxBytes?: number;
}

interface FetchOptions {
  method: string;
  headers: Record<string, string>;
  body?: unknown;
  signal?: AbortSignal | undefined;
}

function providerFailure(failure: OutboundFailure): ProviderCallError {
  switch (failure.kind) {
    case 'refused':
      return new ProviderCallError(`the provider URL is refused: ${failure.detail}`);
    case 'too-large':
      return new ProviderCallError(`${failure.host} answered too much`);
    case 'timeout':
      return new ProviderCallError(`${failure.host} did not answer in time`);
    case 'failed':
      return new ProviderCallError(failure.detail);
  }
}

function bodyOf(body: unknown): string | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return body;
  if (body instanceof URLSearchParams) return body.toString();
  throw new ProviderCallError('unsupported request body');
}

/**
 * The `fetch` openid-client calls the provider with (discovery, keys, token, userinfo): every URL
 * passes the outbound (SSRF) policy and the socket dials the checked addresses, so a provider's
 * metadata cannot send the operator to its own host or a metadata service; no redirect is
 * followed (openid-client asks for none) and answers are bounded.
 */
export function providerFetch(options: ProviderFetchOptions) {
  const maxBytes = options.maxBytes ?? 1024 * 1024;
  return async (url: string, init: FetchOptions): Promise<Response> => {
    const payload = bodyOf(init.body);
    const answer = await outboundRequest({
      url,
      method: init.method,
      headers: { ...init.headers, 'user-agent': 'nimbus-sso' },
      ...(payload === undefined ? {} : { body: payload }),
      policy: options.policy,
      resolve: options.resolve,
      timeout: { idleMs: options.timeoutMs },
      maxBytes,
      signal: init.signal,
      failure: providerFailure,
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (typeof value === 'string') headers.set(name, value);
      else if (Array.isArray(value)) for (const one of value) headers.append(name, one);
    }
    const status = answer.status || 502;
    const noBody = status === 204 || status === 304;
    return new Response(noBody ? null : answer.body, {
      status,
      statusText: answer.statusText,
      headers,
    });
  };
}

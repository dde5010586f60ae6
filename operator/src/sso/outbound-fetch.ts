import http from 'node:http';
import https from 'node:https';
import type { OutboundPolicy, Resolver } from '../clusters/ssrf-policy.js';
import { checkOutboundUrl } from '../clusters/ssrf-policy.js';
import { pinnedLookup } from '../member/transport/pinned-dial.js';

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
    const check = await checkOutboundUrl(url, options.policy, options.resolve);
    if (!check.ok) throw new ProviderCallError(`the provider URL is refused: ${check.reason}`);
    const payload = bodyOf(init.body);
    const target = check.url;
    const client = target.protocol === 'https:' ? https : http;
    return new Promise<Response>((resolve, reject) => {
      const request = client.request(
        target,
        {
          method: init.method,
          headers: {
            ...init.headers,
            'user-agent': 'nimbus-sso',
            ...(payload === undefined ? {} : { 'content-length': Buffer.byteLength(payload) }),
          },
          lookup: pinnedLookup(check.addresses),
          timeout: options.timeoutMs,
          agent: false,
          ...(init.signal ? { signal: init.signal } : {}),
        },
        (response) => {
          const chunks: Buffer[] = [];
          let size = 0;
          response.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > maxBytes) {
              response.destroy(new ProviderCallError(`${target.host} answered too much`));
            } else chunks.push(chunk);
          });
          response.on('error', reject);
          response.on('end', () => {
            const headers = new Headers();
            for (const [name, value] of Object.entries(response.headers)) {
              if (typeof value === 'string') headers.set(name, value);
              else if (Array.isArray(value)) for (const one of value) headers.append(name, one);
            }
            const status = response.statusCode ?? 502;
            const noBody = status === 204 || status === 304;
            resolve(
              new Response(noBody ? null : Buffer.concat(chunks), {
                status,
                statusText: response.statusMessage ?? '',
                headers,
              }),
            );
          });
        },
      );
      request.on('timeout', () =>
        request.destroy(new ProviderCallError(`${target.host} did not answer in time`)),
      );
      request.on('error', (error) =>
        reject(error instanceof ProviderCallError ? error : new ProviderCallError(error.message)),
      );
      request.end(payload);
    });
  };
}

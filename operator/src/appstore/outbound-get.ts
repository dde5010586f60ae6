import http from 'node:http';
import https from 'node:https';
import type { OutboundPolicy, Resolver } from '../clusters/ssrf-policy.js';
import { checkOutboundUrl } from '../clusters/ssrf-policy.js';
import { pinnedLookup } from '../member/transport/pinned-dial.js';

export interface OutboundOptions {
  policy: OutboundPolicy;
  resolve?: Resolver;
  timeoutMs?: number;
  maxBytes?: number;
  /** PEM of a private CA, trusted for the first URL's host only (not for redirect targets). */
  ca?: string | undefined;
}

export interface OutboundAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** The URL that answered (after redirects). */
  url: string;
}

export class OutboundError extends Error {}

/** The source refused the credentials (or asked for some and has none): a Ready reason of its own. */
export class CredentialsRefused extends OutboundError {}

const hostOf = (raw: string): string => {
  try {
    return new URL(raw).host;
  } catch {
    return '';
  }
};

const maxRedirects = 3;
const defaultTimeoutMs = 15_000;
const defaultMaxBytes = 16 * 1024 * 1024;

async function once(
  raw: string,
  headers: Record<string, string>,
  options: OutboundOptions,
  ca: string | undefined,
): Promise<OutboundAnswer> {
  const check = await checkOutboundUrl(raw, options.policy, options.resolve);
  if (!check.ok) throw new OutboundError(`the URL ${raw} is refused: ${check.reason}`);
  const { url, addresses } = check;
  const maxBytes = options.maxBytes ?? defaultMaxBytes;
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'GET',
        lookup: pinnedLookup(addresses),
        headers: { 'user-agent': 'nimbus-appstore', ...headers },
        timeout: options.timeoutMs ?? defaultTimeoutMs,
        agent: false,
        ...(ca && url.protocol === 'https:' ? { ca } : {}),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            response.destroy(new OutboundError(`${url.host} answered more than ${maxBytes} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        response.on('error', reject);
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
            url: url.toString(),
          }),
        );
      },
    );
    request.on('timeout', () => request.destroy(new OutboundError(`${url.host} timed out`)));
    request.on('error', (error) =>
      reject(error instanceof OutboundError ? error : new OutboundError(error.message)),
    );
    request.end();
  });
}

/**
 * A bounded GET that passes the SSRF policy and is pinned to the checked addresses; each
 * redirect (blob stores behind registries) is checked again before it is followed.
 */
export async function outboundGet(
  raw: string,
  headers: Record<string, string>,
  options: OutboundOptions,
): Promise<OutboundAnswer> {
  let target = raw;
  const firstHost = hostOf(raw);
  for (let hop = 0; hop <= maxRedirects; hop++) {
    const sameHost = hostOf(target) === firstHost;
    // Credentials go to the first hop only (a blob store behind a registry gets none).
    const answer = await once(
      target,
      hop === 0 ? headers : {},
      options,
      sameHost ? options.ca : undefined,
    );
    const location = answer.headers.location;
    if (answer.status < 300 || answer.status >= 400 || !location) return answer;
    target = new URL(location, target).toString();
  }
  throw new OutboundError(`too many redirects from ${raw}`);
}

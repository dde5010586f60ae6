import type { IncomingHttpHeaders } from 'node:http';
import type { OutboundPolicy, Resolver } from '../outbound/policy.js';
import type { OutboundFailure } from '../outbound/request.js';
import { outboundRequest } from '../outbound/request.js';

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
  headers: IncomingHttpHeaders;
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

/** How an appstore call's failure reads (a source's URL is no secret; its host is named). */
function appstoreFailure(raw: string, maxBytes: number) {
  return (failure: OutboundFailure): OutboundError => {
    switch (failure.kind) {
      case 'refused':
        return new OutboundError(`the URL ${raw} is refused: ${failure.detail}`);
      case 'too-large':
        return new OutboundError(`${failure.host} answered more than ${maxBytes} bytes`);
      case 'timeout':
        return new OutboundError(`${failure.host} timed out`);
      case 'failed':
        return new OutboundError(failure.detail);
    }
  };
}

async function once(
  raw: string,
  headers: Record<string, string>,
  options: OutboundOptions,
  ca: string | undefined,
): Promise<OutboundAnswer> {
  const maxBytes = options.maxBytes ?? defaultMaxBytes;
  const answer = await outboundRequest({
    url: raw,
    headers: { 'user-agent': 'nimbus-appstore', ...headers },
    policy: options.policy,
    resolve: options.resolve,
    timeout: { idleMs: options.timeoutMs ?? defaultTimeoutMs },
    maxBytes,
    ca,
    failure: appstoreFailure(raw, maxBytes),
  });
  return {
    status: answer.status,
    headers: answer.headers,
    body: answer.body,
    url: answer.url.toString(),
  };
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

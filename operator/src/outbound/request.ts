// The one HTTP client for addresses that users and administrators name: registries, chart
// sources, identity providers, alarm receivers, Alertmanager, a monitor's direct address and the
// audit webhook. Every request passes the SSRF policy (policy.ts), dials only the addresses that
// check resolved (so DNS cannot move it afterwards), follows no redirect by itself and reads a
// bounded answer. Callers say how a failure reads to their own users (`failure`), because a
// webhook URL is a credential and a registry's text is untrusted (docs/decisions/outbound-http.md).
import http from 'node:http';
import https from 'node:https';
import type { Clock } from '../core/clock.js';
import type { OutboundOptions, OutboundPolicy, Resolver } from './policy.js';
import { checkOutboundUrl } from './policy.js';
import { pinnedLookup } from './pinned-lookup.js';

/** Why a call did not bring back an answer. */
export type OutboundFailure =
  /** The SSRF policy refused the URL; `detail` says why. */
  | { kind: 'refused'; host: string; detail: string }
  /** No answer in time. */
  | { kind: 'timeout'; host: string; detail: string }
  /** The answer was longer than `maxBytes`. */
  | { kind: 'too-large'; host: string; detail: string; maxBytes: number }
  /** The connection, TLS or the stream failed (or the call was aborted); `cause` says how. */
  | { kind: 'failed'; host: string; detail: string; cause: Error & { code?: string } };

/**
 * How long a call may take: `idleMs` bounds each wait on the socket (large downloads keep going
 * while bytes arrive); `totalMs` bounds the whole call on `clock` (tests drive a fake one).
 */
export type OutboundTimeout = { idleMs: number } | { totalMs: number; clock: Clock };

export interface OutboundRequest {
  url: string;
  method?: string;
  /** Sent as given; callers name themselves with user-agent. */
  headers?: Record<string, string>;
  /** Sent with its content-length. */
  body?: string | Buffer;
  policy: OutboundPolicy;
  resolve?: Resolver | undefined;
  /** Where plain http may be dialled (policy.ts); https everywhere else. */
  plainHttp?: OutboundOptions['plainHttp'];
  timeout: OutboundTimeout;
  /** Longest answer read; a longer one fails as too-large. */
  maxBytes: number;
  /** Only the status counts: the answer is drained unread and `body` is empty. */
  discardBody?: boolean;
  /** PEM of a private CA to trust for this request (https only). */
  ca?: string | undefined;
  signal?: AbortSignal | undefined;
  /** A keep-alive agent for the checked origin and addresses (it must dial only those). */
  agent?: (url: URL, addresses: readonly string[]) => http.Agent;
  /** The error the caller throws for a failure. */
  failure: (failure: OutboundFailure) => Error;
}

export interface OutboundAnswer {
  status: number;
  statusText: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** The URL that answered, as checked. */
  url: URL;
}

const hostOf = (raw: string): string => {
  try {
    return new URL(raw).host;
  } catch {
    return '';
  }
};

/** One request to a checked, pinned address; see the module comment. */
export async function outboundRequest(call: OutboundRequest): Promise<OutboundAnswer> {
  const check = await checkOutboundUrl(
    call.url,
    call.policy,
    call.resolve,
    call.plainHttp ? { plainHttp: call.plainHttp } : {},
  );
  if (!check.ok) {
    throw call.failure({ kind: 'refused', host: hostOf(call.url), detail: check.reason });
  }
  const { url, addresses } = check;
  const secure = url.protocol === 'https:';
  const body = call.body;
  const options: https.RequestOptions = {
    method: call.method ?? 'GET',
    headers: {
      ...call.headers,
      ...(body === undefined ? {} : { 'content-length': Buffer.byteLength(body) }),
    },
    ...(call.agent
      ? { agent: call.agent(url, addresses) }
      : { agent: false, lookup: pinnedLookup(addresses) }),
    ...('idleMs' in call.timeout ? { timeout: call.timeout.idleMs } : {}),
    ...(call.ca && secure ? { ca: call.ca } : {}),
    ...(call.signal ? { signal: call.signal } : {}),
  };

  const { timeout } = call;
  const waitMs = 'idleMs' in timeout ? timeout.idleMs : timeout.totalMs;
  return new Promise<OutboundAnswer>((resolve, reject) => {
    let settled = false;
    let deadline: unknown;
    const request = (secure ? https : http).request(url, options);
    const finish = () => {
      settled = true;
      if (deadline !== undefined && 'clock' in timeout) timeout.clock.clearTimeout(deadline);
    };
    const fail = (failure: OutboundFailure): void => {
      if (settled) return;
      finish();
      request.destroy();
      reject(call.failure(failure));
    };
    const failed = (error: Error & { code?: string }) =>
      fail({ kind: 'failed', host: url.host, detail: error.message, cause: error });
    const timedOut = () =>
      fail({ kind: 'timeout', host: url.host, detail: `no answer within ${waitMs} ms` });
    if ('clock' in timeout) deadline = timeout.clock.setTimeout(timedOut, timeout.totalMs);

    request.on('timeout', timedOut);
    request.on('error', failed);
    request.on('response', (response) => {
      const answer = (content: Buffer): OutboundAnswer => ({
        status: response.statusCode ?? 0,
        statusText: response.statusMessage ?? '',
        headers: response.headers,
        body: content,
        url,
      });
      if (call.discardBody) {
        response.resume();
        if (settled) return;
        finish();
        resolve(answer(Buffer.alloc(0)));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= call.maxBytes) chunks.push(chunk);
        else
          fail({
            kind: 'too-large',
            host: url.host,
            detail: `the answer is larger than ${call.maxBytes} bytes`,
            maxBytes: call.maxBytes,
          });
      });
      response.on('error', failed);
      response.on('end', () => {
        if (settled) return;
        finish();
        resolve(answer(Buffer.concat(chunks)));
      });
    });
    request.end(body);
  });
}

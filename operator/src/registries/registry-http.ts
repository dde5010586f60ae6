import type { OutboundPolicy, Resolver } from '../outbound/policy.js';
import type { OutboundFailure } from '../outbound/request.js';
import { outboundRequest } from '../outbound/request.js';
import { ApiError, errors } from '../core/errors.js';

/**
 * One HTTPS request to a registry or its token service: the URL passes the operator's SSRF
 * policy first and the socket goes only to the addresses that check resolved. Registry answers
 * are untrusted: size-capped, and only their status (never their text) reaches an error message.
 */
export interface RegistryHttpSettings {
  policy: OutboundPolicy;
  resolve?: Resolver;
  /** Deadline of each request. */
  timeoutMs: number;
}

export interface RegistryReply {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/**
 * How a registry is reached: a private CA for its certificate, or plain http when its Registry
 * says so on purpose (then only to private network addresses or hosts the operator allows).
 */
export interface RegistryTransport {
  ca?: string | undefined;
  plainHttp?: boolean | undefined;
}

export const maxRegistryReplyBytes = 4 * 1024 * 1024;
const maxRedirects = 3;

export function registryUnreachable(detail: string, cause?: unknown): ApiError {
  return new ApiError(errors.registryUnreachable, {
    message: `image registry is unreachable: ${detail}`,
    cause,
  });
}

function headersOf(raw: NodeJS.Dict<string | string[]>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/** Only the status and the kind of failure, never the registry's own text. */
function registryFailure(timeoutMs: number) {
  return (failure: OutboundFailure): ApiError => {
    switch (failure.kind) {
      case 'refused':
        return registryUnreachable(`the address is refused: ${failure.detail}`);
      case 'too-large':
        return registryUnreachable(`${failure.host} answered more than 4 MiB`);
      case 'timeout':
        return registryUnreachable(`no answer from ${failure.host} within ${timeoutMs} ms`);
      case 'failed':
        return registryUnreachable(
          `${failure.host}: ${tlsOrNetwork(failure.cause)}`,
          failure.cause,
        );
    }
  };
}

async function once(
  url: URL,
  headers: Record<string, string>,
  settings: RegistryHttpSettings,
  transport: RegistryTransport,
): Promise<RegistryReply> {
  if (url.protocol !== 'https:' && !(transport.plainHttp && url.protocol === 'http:'))
    throw registryUnreachable(`${url.host} must be reached over https`);
  const answer = await outboundRequest({
    url: url.href,
    headers,
    policy: settings.policy,
    resolve: settings.resolve,
    ...(transport.plainHttp ? { plainHttp: 'private-network' as const } : {}),
    timeout: { idleMs: settings.timeoutMs },
    maxBytes: maxRegistryReplyBytes,
    ca: transport.ca,
    failure: registryFailure(settings.timeoutMs),
  });
  return { status: answer.status, headers: headersOf(answer.headers), body: answer.body };
}

/** A short reason without the peer's own text. */
function tlsOrNetwork(error: Error & { code?: string }): string {
  if (error.code && /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS/.test(error.code)) {
    return `its certificate is not trusted (${error.code})`;
  }
  // OpenSSL's answer to bytes that are no TLS record: most often a registry serving plain http.
  if (error.code === 'EPROTO' || error.code === 'ERR_SSL_WRONG_VERSION_NUMBER') {
    return 'it does not answer in TLS (EPROTO); if the registry serves plain http, turn on plain HTTP for it';
  }
  return error.code ?? 'the connection failed';
}

/**
 * GET with redirects followed (blob storage often lives elsewhere); each hop is checked again,
 * and credentials are sent only to the first host.
 */
export async function registryGet(
  url: URL,
  headers: Record<string, string>,
  settings: RegistryHttpSettings,
  transport: RegistryTransport = {},
): Promise<RegistryReply> {
  let target = url;
  let sent = headers;
  for (let hop = 0; ; hop++) {
    const hopTransport = target.host === url.host ? transport : { plainHttp: transport.plainHttp };
    const reply = await once(target, sent, settings, hopTransport);
    const location = reply.headers['location'];
    if (![301, 302, 303, 307, 308].includes(reply.status) || !location) return reply;
    if (hop >= maxRedirects) throw registryUnreachable(`${url.host} redirected too often`);
    const next = new URL(location, target);
    if (next.host !== url.host) {
      const { authorization: _dropped, ...rest } = sent;
      sent = rest;
    }
    target = next;
  }
}

export function jsonOf(reply: RegistryReply, what: string): unknown {
  try {
    return JSON.parse(reply.body.toString('utf8')) as unknown;
  } catch (error) {
    throw registryUnreachable(`${what} is not JSON`, error);
  }
}

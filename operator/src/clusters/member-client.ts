import http from 'node:http';
import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import { memberUserName } from './member-principal.js';
import type { ClusterConnection } from './providers/types.js';

export const defaultMemberTimeoutMs = 5_000;
const maxResponseBytes = 32 * 1024 * 1024;

/** Who a member call is made for: a Nimbus user (impersonated) or the operator itself. */
export type MemberCaller = { user: string } | 'operator';

export interface MemberRequest {
  method?: string;
  /** Path and query below the API server URL, e.g. /api/v1/nodes?limit=500. */
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
  /** Content type of the JSON body; application/json unless set (e.g. server-side apply). */
  contentType?: string;
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface MemberResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  json<T = unknown>(): T;
}

export interface MemberRequester {
  request(request: MemberRequest): Promise<MemberResponse>;
}

export interface MemberClient {
  /** Every call carries Impersonate-User `nimbus:<user>` for this Nimbus user; no fallback. */
  asUser(userName: string): MemberRequester;
  /** The operator's own identity, for health probes and controllers only. */
  asOperator(): MemberRequester;
  /** When the connection's short-lived token (EKS, GKE) expires; unset for lasting credentials. */
  expiresAt?: Date;
}

/** Why a member call failed, phrased for the person registering the cluster. */
export class MemberCallError extends Error {
  constructor(
    message: string,
    readonly reason: 'timeout' | 'network' | 'tls' | 'too-large',
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'MemberCallError';
  }
}

const hopByHop = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
  'authorization',
  'cookie',
]);

/**
 * Headers a client sent that may be forwarded to a member: never Impersonate-*, hop-by-hop
 * headers, headers the client named in Connection, or the client's own credentials.
 */
export function forwardableHeaders(
  headers: Record<string, string | string[] | undefined>,
): Record<string, string> {
  const named = new Set(
    String(headers.connection ?? headers.Connection ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .filter((name) => name !== ''),
  );
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (value === undefined || hopByHop.has(lower) || named.has(lower)) continue;
    if (lower.startsWith('impersonate-')) continue;
    kept[lower] = Array.isArray(value) ? value.join(', ') : value;
  }
  return kept;
}

function pem(base64: string): string {
  return Buffer.from(base64, 'base64').toString('utf8');
}

/** Dials only the addresses the SSRF check resolved, so DNS cannot change them afterwards. */
export function pinnedLookup(addresses: readonly string[]): LookupFunction {
  return (_hostname, options, callback) => {
    const entries = addresses.map((address) => ({
      address,
      family: isIP(address) === 6 ? 6 : 4,
    }));
    const first = entries[0];
    if (!first) {
      callback(new Error('no pinned address'), '', 4);
      return;
    }
    if (options.all) callback(null, entries);
    else callback(null, first.address, first.family);
  };
}

function describe(error: unknown, timeoutMs: number): MemberCallError {
  if (error instanceof MemberCallError) return error;
  const code = (error as { code?: string }).code ?? '';
  if (code === 'ABORT_ERR' || (error as Error).name === 'AbortError') {
    return new MemberCallError(`no answer within ${timeoutMs / 1000} s`, 'timeout');
  }
  if (/CERT|SELF_SIGNED|TLS|SSL|ERR_TLS/.test(code)) {
    return new MemberCallError(`TLS verification failed (${code})`, 'tls', { cause: error });
  }
  const known: Record<string, string> = {
    ECONNREFUSED: 'connection refused',
    ECONNRESET: 'connection reset',
    EHOSTUNREACH: 'host unreachable',
    ENETUNREACH: 'network unreachable',
    ETIMEDOUT: 'connection timed out',
  };
  return new MemberCallError(known[code] ?? `network error${code ? ` (${code})` : ''}`, 'network', {
    cause: error,
  });
}

function requester(
  connection: ClusterConnection,
  addresses: readonly string[],
  caller: MemberCaller,
  defaultTimeoutMs: number,
): MemberRequester {
  const base = new URL(connection.server);
  const secure = base.protocol === 'https:';
  const auth = connection.auth;
  const basePath = base.pathname.replace(/\/+$/, '');
  const hostname = base.hostname.replace(/^\[|\]$/g, '');
  const servername = connection.tlsServerName ?? (isIP(hostname) === 0 ? hostname : undefined);

  return {
    request(request) {
      const timeoutMs = request.timeoutMs ?? defaultTimeoutMs;
      const signals = [AbortSignal.timeout(timeoutMs), ...(request.signal ? [request.signal] : [])];
      const signal = AbortSignal.any(signals);
      const body =
        request.body === undefined ? undefined : Buffer.from(JSON.stringify(request.body));
      const headers: OutgoingHttpHeaders = {
        accept: 'application/json',
        ...forwardableHeaders(request.headers ?? {}),
        ...(body
          ? {
              'content-type': request.contentType ?? 'application/json',
              'content-length': body.length,
            }
          : {}),
        ...('token' in auth ? { authorization: `Bearer ${auth.token}` } : {}),
        ...(caller === 'operator' ? {} : { 'impersonate-user': memberUserName(caller.user) }),
      };
      const options: https.RequestOptions = {
        protocol: base.protocol,
        hostname,
        port: base.port || (secure ? 443 : 80),
        path: `${basePath}${request.path}`,
        method: request.method ?? 'GET',
        headers,
        lookup: pinnedLookup(addresses),
        signal,
        agent: false,
        ...(secure
          ? {
              ...(connection.certificateAuthorityData
                ? { ca: pem(connection.certificateAuthorityData) }
                : {}),
              ...(servername ? { servername } : {}),
              ...('clientCertificateData' in auth
                ? { cert: pem(auth.clientCertificateData), key: pem(auth.clientKeyData) }
                : {}),
            }
          : {}),
      };
      return new Promise<MemberResponse>((resolve, reject) => {
        const fail = (error: unknown): void => reject(describe(error, timeoutMs));
        const req = (secure ? https : http).request(options, (res) => {
          const chunks: Buffer[] = [];
          let size = 0;
          res.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > maxResponseBytes) {
              req.destroy(new MemberCallError('the answer is too large', 'too-large'));
              return;
            }
            chunks.push(chunk);
          });
          res.on('error', fail);
          res.on('end', () => {
            const data = Buffer.concat(chunks);
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: data,
              json: <T>() => {
                try {
                  return JSON.parse(data.toString('utf8')) as T;
                } catch {
                  throw new MemberCallError('the API server did not answer JSON', 'network');
                }
              },
            });
          });
        });
        req.on('error', fail);
        req.end(body);
      });
    },
  };
}

/**
 * Builds requests to one member from a connection whose server URL passed the SSRF policy;
 * `addresses` are the ones that check resolved. Every request has a deadline.
 */
export function createMemberClient(
  connection: ClusterConnection,
  addresses: readonly string[],
  options: { timeoutMs?: number } = {},
): MemberClient {
  const timeoutMs = options.timeoutMs ?? defaultMemberTimeoutMs;
  return {
    ...(connection.expiresAt ? { expiresAt: connection.expiresAt } : {}),
    asUser: (userName) => {
      if (userName === '') throw new Error('a user call needs the Nimbus user name');
      return requester(connection, addresses, { user: userName }, timeoutMs);
    },
    asOperator: () => requester(connection, addresses, 'operator', timeoutMs),
  };
}

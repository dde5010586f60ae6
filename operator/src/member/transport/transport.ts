import http from 'node:http';
import type { IncomingMessage, OutgoingHttpHeaders } from 'node:http';
import https from 'node:https';
import WebSocket from 'ws';
import { memberUserName } from '../principal.js';
import type { ClusterConnection } from '../connection.js';
import type { Clock } from './clock.js';
import { deadlineSignal, realClock } from './clock.js';
import { describeFailure, MemberCallError, MemberUpgradeRefused } from './errors.js';
import { forwardableHeaders } from './headers.js';
import { observedCall } from './observed.js';
import { pinnedDial, pooledAgent } from './pinned-dial.js';
import type { MemberCaller, MemberRequest, MemberTransport } from './types.js';

export const defaultMemberTimeoutMs = 5_000;
const maxResponseBytes = 32 * 1024 * 1024;
/** Enough of a refused upgrade's Status to show its message. */
const maxRefusalBytes = 64 * 1024;

export type {
  MemberCaller,
  MemberRequest,
  MemberResponse,
  MemberStream,
  MemberUpgrade,
  MemberTransport,
} from './types.js';

export interface TransportOptions {
  timeoutMs?: number;
  maxSockets?: number;
  clock?: Clock;
  /** The registered cluster's name, for metrics and spans; none while a cluster registers. */
  cluster?: string;
}

/**
 * Who the member's API server takes an impersonated caller for: the prefixed user name and the
 * groups sent, plus `system:authenticated`, which it adds to every impersonated user but
 * `system:anonymous`. A SubjectAccessReview about a user must name exactly this, or bindings to
 * that group (discovery, self-reviews, anything an admin gave all authenticated users) are missed.
 */
export function impersonatedSubject(caller: { user: string; groups?: readonly string[] }): {
  user: string;
  groups: string[];
} {
  const groups = [...(caller.groups ?? [])];
  if (!groups.includes('system:authenticated')) groups.push('system:authenticated');
  return { user: memberUserName(caller.user), groups };
}

function impersonation(caller: MemberCaller): OutgoingHttpHeaders {
  if (caller === 'operator') return {};
  if (caller.user === '') throw new Error('a user call needs the Nimbus user name');
  return {
    'impersonate-user': memberUserName(caller.user),
    ...(caller.groups && caller.groups.length > 0
      ? { 'impersonate-group': [...caller.groups] }
      : {}),
  };
}

/**
 * The one way Nimbus talks to a member: a connection whose server URL passed the SSRF policy,
 * dialled only at `addresses` (resolved once, for the lifetime of this transport), over one
 * bounded keep-alive pool, with a deadline on every call taken from `clock`.
 */
export function createMemberTransport(
  connection: ClusterConnection,
  addresses: readonly string[],
  options: TransportOptions = {},
): MemberTransport {
  const clock = options.clock ?? realClock;
  const defaultTimeoutMs = options.timeoutMs ?? defaultMemberTimeoutMs;
  const dial = pinnedDial(connection, addresses);
  const agent = pooledAgent(dial, options.maxSockets ?? 16);
  // Watches and log follows hold their socket for minutes: they get their own agent so they can
  // never take every socket of the bounded pool that JSON calls wait on.
  const streamAgent = pooledAgent(dial, Infinity);
  const auth = connection.auth;
  const bearer: OutgoingHttpHeaders =
    'token' in auth ? { authorization: `Bearer ${auth.token}` } : {};
  let closed = false;

  const open = (
    caller: MemberCaller,
    request: MemberRequest,
    signal: AbortSignal,
    timeoutMs: number,
    via: http.Agent = agent,
  ): Promise<IncomingMessage> => {
    if (closed) return Promise.reject(new MemberCallError('the connection was closed', 'network'));
    const body =
      request.body === undefined
        ? undefined
        : Buffer.isBuffer(request.body)
          ? request.body
          : Buffer.from(JSON.stringify(request.body));
    const headers: OutgoingHttpHeaders = {
      accept: 'application/json',
      ...forwardableHeaders(request.headers ?? {}),
      ...(body
        ? {
            'content-type': request.contentType ?? 'application/json',
            'content-length': body.length,
          }
        : {}),
      ...bearer,
      ...impersonation(caller),
    };
    const requestOptions: https.RequestOptions = {
      protocol: dial.base.protocol,
      hostname: dial.hostname,
      port: dial.port,
      path: `${dial.basePath}${request.path}`,
      method: request.method ?? 'GET',
      headers,
      lookup: dial.lookup,
      signal,
      agent: via,
      ...dial.tls,
    };
    return new Promise((resolve, reject) => {
      const req = (dial.secure ? https : http).request(requestOptions, resolve);
      req.on('error', (error) => reject(describeFailure(error, timeoutMs)));
      req.end(body);
    });
  };

  const readBounded = (
    res: IncomingMessage,
    signal: AbortSignal,
    timeoutMs: number,
    maxBytes = maxResponseBytes,
  ) =>
    new Promise<Buffer>((resolve, reject) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const abort = () =>
        res.destroy(describeFailure(signal.reason ?? new Error('aborted'), timeoutMs));
      signal.addEventListener('abort', abort, { once: true });
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) {
          res.destroy(new MemberCallError('the answer is too large', 'too-large'));
          return;
        }
        chunks.push(chunk);
      });
      res.on('error', (error) => reject(describeFailure(error, timeoutMs)));
      res.on('close', () => signal.removeEventListener('abort', abort));
      res.on('end', () => resolve(Buffer.concat(chunks)));
    });

  const transport: MemberTransport = {
    ...(connection.expiresAt ? { expiresAt: connection.expiresAt } : {}),

    async request(caller, request) {
      const timeoutMs = request.timeoutMs ?? defaultTimeoutMs;
      const deadline = deadlineSignal(clock, timeoutMs, request.signal);
      try {
        const res = await open(caller, request, deadline.signal, timeoutMs);
        const data = await readBounded(
          res,
          deadline.signal,
          timeoutMs,
          Math.min(request.maxBytes ?? maxResponseBytes, maxResponseBytes),
        );
        return {
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
        };
      } catch (error) {
        throw describeFailure(deadline.signal.aborted ? deadline.signal.reason : error, timeoutMs);
      } finally {
        deadline.release();
      }
    },

    async stream(caller, request) {
      const timeoutMs = request.timeoutMs ?? defaultTimeoutMs;
      const opening = deadlineSignal(clock, timeoutMs);
      // The body outlives the opening deadline; only the caller's signal may end it later.
      const lifetime = new AbortController();
      const stop = (): void => lifetime.abort(request.signal?.reason);
      if (request.signal?.aborted) stop();
      request.signal?.addEventListener('abort', stop, { once: true });
      opening.signal.addEventListener('abort', () => lifetime.abort(opening.signal.reason), {
        once: true,
      });
      try {
        const res = await open(caller, request, lifetime.signal, timeoutMs, streamAgent);
        res.on('close', () => request.signal?.removeEventListener('abort', stop));
        return { status: res.statusCode ?? 0, headers: res.headers, body: res };
      } catch (error) {
        request.signal?.removeEventListener('abort', stop);
        throw describeFailure(opening.signal.aborted ? opening.signal.reason : error, timeoutMs);
      } finally {
        opening.release();
      }
    },

    upgrade(caller, request) {
      if (closed)
        return Promise.reject(new MemberCallError('the connection was closed', 'network'));
      const timeoutMs = request.timeoutMs ?? defaultTimeoutMs;
      const url = new URL(dial.base.toString());
      url.protocol = dial.secure ? 'wss:' : 'ws:';
      const [pathname, search] = request.path.split('?', 2);
      url.pathname = `${dial.basePath}${pathname ?? ''}`;
      url.search = search ? `?${search}` : '';
      const socket = new WebSocket(url, [...request.protocols], {
        headers: {
          ...(bearer as Record<string, string>),
          ...(impersonation(caller) as Record<string, string>),
        },
        lookup: dial.lookup,
        ...dial.tls,
        perMessageDeflate: false,
        followRedirects: false,
      } as WebSocket.ClientOptions);
      const deadline = deadlineSignal(clock, timeoutMs, request.signal);
      return new Promise<WebSocket>((resolve, reject) => {
        const fail = (error: unknown): void => {
          deadline.release();
          socket.terminate();
          reject(error instanceof MemberUpgradeRefused ? error : describeFailure(error, timeoutMs));
        };
        deadline.signal.addEventListener('abort', () => fail(deadline.signal.reason), {
          once: true,
        });
        socket.once('unexpected-response', (_req, res) => {
          const status = res.statusCode ?? 0;
          const chunks: Buffer[] = [];
          let size = 0;
          res.on('data', (chunk: Buffer) => {
            if (size < maxRefusalBytes) chunks.push(chunk.subarray(0, maxRefusalBytes - size));
            size += chunk.length;
          });
          res.once('end', () => fail(new MemberUpgradeRefused(status, Buffer.concat(chunks))));
          res.once('error', () => fail(new MemberUpgradeRefused(status)));
        });
        socket.once('error', fail);
        socket.once('open', () => {
          deadline.release();
          socket.removeListener('error', fail);
          resolve(socket);
        });
      });
    },

    close() {
      closed = true;
      agent.destroy();
      streamAgent.destroy();
    },

    retire() {
      // Destroying the JSON agent would fail the calls under way: a caller that read the
      // credentials Secret just before it changed may still be answered here.
      agent.keepSocketAlive = () => false;
      for (const sockets of Object.values(agent.freeSockets)) {
        for (const socket of sockets ?? []) socket.destroy();
      }
      streamAgent.destroy();
    },
  };
  return observedCall(transport, connection, options.cluster);
}

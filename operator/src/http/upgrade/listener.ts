import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Express } from 'express';
import type WebSocket from 'ws';
import { WebSocketServer } from 'ws';
import type { Authorize } from '../access/enforce.js';
import { expressMatcher } from '../../access/match.js';
import { permissionGate } from '../../access/permission-gate.js';
import { anonymous } from '../../audit/record.js';
import type { AuditDirectory } from '../../audit/organization.js';
import { organizationOfCall } from '../../audit/organization.js';
import type { AuditRecorder } from '../../audit/record-call.js';
import { resourceOf } from '../../audit/record-call.js';
import { auditTargetOf } from '../../audit/target.js';
import { ApiError, errors, success } from '../../core/errors.js';
import { parseRequest } from '../../core/problems.js';
import type { AuthPaths } from '../auth/authenticate.js';
import { authenticateCall } from '../auth/authenticate.js';
import { requestHost } from '../request-address.js';
import { upgradeOriginAllows } from '../../identity/csrf.js';
import type { Identity } from '../../identity/identity.js';
import type { IdentityServices } from '../../identity/services.js';
import type { Logger } from '../../logger.js';
import type { Clock } from '../../member/transport/clock.js';
import type { Implementation, UpgradeHandler } from '../contract/implement.js';
import { expressPath } from '../contract/register.js';
import { toApiError } from '../error-handler.js';
import { failSocket } from '../respond.js';
import { asAppRequest } from './app-request.js';
import { relayClosedCode } from './close-codes.js';
import { defaultStreamMaxLifetimeSeconds, guardStream } from './revocation.js';

export type UpgradeListener = (incoming: IncomingMessage, socket: Duplex, head: Buffer) => void;

export interface UpgradeDeps {
  /** The API app: its request prototype reads the handshake as its routers read requests. */
  app: Express;
  host: string;
  /** Where the API router is mounted (/api) and the version below it (/v1). */
  mountPath: string;
  versionPath: string;
  identity: IdentityServices;
  authPaths: AuthPaths;
  authorize: Authorize;
  implementations: readonly Implementation[];
  audit?: { record: AuditRecorder; directory?: AuditDirectory };
  logger: Logger;
  /** Timers of the streams' lifetime and re-checks (a fake one in tests). */
  clock?: Clock;
}

const clientGone = (): ApiError =>
  new ApiError(errors.validationFailed, {
    message: 'the WebSocket handshake was not completed (malformed, or the client went away)',
  });

/** Frames a client may send on a relayed stream (stdin keystrokes, resize messages). */
const maxClientFrameBytes = 1024 * 1024;

interface Route {
  implementation: Implementation;
  upgrade: UpgradeHandler;
  declared: readonly string[];
  matches: ReturnType<typeof expressMatcher>;
}

function offeredProtocols(incoming: IncomingMessage): string[] {
  const header = incoming.headers['sec-websocket-protocol'];
  return (header ?? '')
    .split(',')
    .map((protocol) => protocol.trim())
    .filter((protocol) => protocol !== '');
}

/**
 * The one door for WebSockets into the API (exec now; attach, port-forward and log follows
 * later). A handshake passes the same plain functions as every HTTP call (authentication, the
 * Origin rule for browser credentials, the policy table, the declared parameter schemas) and is
 * audited once; the accepted socket is closed when the caller's access ends (guardStream).
 */
export function createUpgradeListener(deps: UpgradeDeps): UpgradeListener {
  const chosen = new WeakMap<IncomingMessage, string | undefined>();
  const sockets = new WebSocketServer({
    noServer: true,
    perMessageDeflate: false,
    maxPayload: maxClientFrameBytes,
    handleProtocols: (_offered, req) => chosen.get(req) ?? false,
  });
  const prefix = `${deps.mountPath}${deps.versionPath}`;
  const routes: Route[] = deps.implementations.flatMap((implementation) => {
    const { endpoint, upgrade } = implementation;
    if (!upgrade || endpoint.response.kind !== 'upgrade') return [];
    const path = expressPath(endpoint, { host: deps.host, prefix });
    const declared = endpoint.response.protocols;
    return [{ implementation, upgrade, declared, matches: expressMatcher(path) }];
  });

  return (incoming, socket, head) => {
    void handshake(incoming, socket, head).catch((error: unknown) => {
      deps.logger.error({ err: error }, 'upgrade handler failed');
      socket.destroy();
    });
  };

  async function handshake(incoming: IncomingMessage, socket: Duplex, head: Buffer) {
    const requestTime = Date.now();
    const start = process.hrtime.bigint();
    const reqId = randomUUID();
    const log = deps.logger.child({ reqId });
    socket.on('error', (error) => log.debug({ err: error }, 'upgrade socket error'));
    const req = asAppRequest(deps.app, incoming);
    const apiPath = req.path.startsWith(deps.mountPath)
      ? req.path.slice(deps.mountPath.length)
      : req.path;
    let identity: Identity | undefined;
    let cluster: string | undefined;
    let params: Record<string, unknown> | undefined;
    let operation: string | undefined;
    let client: WebSocket | undefined;

    const audit = (status: number, code: number, message: string): void => {
      if (!deps.audit) return;
      try {
        const organization = organizationOfCall(
          { ...(cluster ? { cluster } : {}), ...(identity ? { identity } : {}) },
          deps.audit.directory,
        );
        deps.audit.record({
          method: req.method,
          originalUrl: req.originalUrl,
          headers: req.headers,
          body: undefined,
          resource: resourceOf(apiPath, deps.host),
          requestTime,
          start,
          userName: identity?.userName ?? anonymous,
          organization,
          httpStatus: status,
          code,
          message,
          stream: true,
          ...(operation ? { operation } : {}),
          target: auditTargetOf({ apiPath, cluster, params, body: undefined, operation }),
        });
      } catch (error) {
        log.error({ err: error }, 'audit record could not be built');
      }
    };

    try {
      const found = routes
        .map((route) => ({ route, match: route.matches(req.path) }))
        .find((candidate) => candidate.match !== false);
      if (!found || found.match === false) throw new ApiError(errors.notFound);
      const { route } = found;
      operation = route.implementation.id;
      const matched = found.match.params;
      params = matched;
      cluster = typeof matched.cluster === 'string' ? matched.cluster : undefined;

      const authenticated = await authenticateCall(deps.identity, deps.authPaths, req);
      identity = authenticated.identity;
      const origin = {
        origin: req.get('Origin'),
        host: requestHost(req),
        source: authenticated.source,
      };
      if (!upgradeOriginAllows(origin)) throw new ApiError(errors.csrfRejected);
      if (!identity) throw new ApiError(errors.tokenInvalid);
      if (deps.authorize({ method: 'GET', path: apiPath }, identity) === 'unmatched') {
        throw new ApiError(errors.noPermission);
      }
      const { endpoint } = route.implementation;
      const input = {
        params: endpoint.params ? parseRequest(endpoint.params, matched) : { ...matched },
        query: endpoint.query ? parseRequest(endpoint.query, req.query) : {},
        body: undefined,
      };
      await permissionGate(deps.identity.store)(endpoint, input.params, identity);

      const gone = new AbortController();
      const onGone = (): void => gone.abort(new Error('the client went away'));
      socket.once('close', onGone);
      const caller = identity;
      await route.upgrade(input, {
        identity: caller,
        protocols: offeredProtocols(incoming).filter((p) => route.declared.includes(p)),
        signal: gone.signal,
        log,
        accept: (protocol) =>
          new Promise<WebSocket>((resolve, reject) => {
            if (gone.signal.aborted) {
              reject(clientGone());
              return;
            }
            chosen.set(incoming, protocol);
            socket.removeListener('close', onGone);
            // ws answers a malformed handshake (no key, wrong version) itself and closes.
            socket.once('close', () => reject(clientGone()));
            sockets.handleUpgrade(incoming, socket, head, (accepted) => {
              client = accepted;
              resolve(accepted);
            });
          }),
      });
      if (!client) throw new ApiError(errors.internal, { message: 'the stream was not opened' });
      const open = client;
      const guard = {
        store: deps.identity.store,
        identity: caller,
        cluster,
        maxLifetimeSeconds:
          deps.identity.settings.streamMaxLifetimeSeconds ?? defaultStreamMaxLifetimeSeconds,
        ...(deps.clock ? { clock: deps.clock } : {}),
      };
      const stop = guardStream(guard, ({ code, reason }) => {
        log.info({ user: caller.userName, reason }, 'closing a stream: access ended');
        open.close(code, reason);
      });
      open.once('close', stop);
      log.info({ path: req.path, user: caller.userName, status: 101 }, 'stream opened');
      audit(101, success.code, success.message);
    } catch (error) {
      const apiError = toApiError(error);
      if (apiError.entry === errors.internal)
        log.error({ err: apiError.cause ?? apiError }, 'internal error');
      audit(apiError.entry.status, apiError.entry.code, apiError.message);
      if (client) {
        client.close(relayClosedCode.failed, apiError.message.slice(0, 120));
        return;
      }
      failSocket(socket, apiError.entry, apiError.message, apiError.details, {
        'X-Request-Id': reqId,
      });
    }
  }
}

import type { MemberTransport } from '../member/transport/transport.js';
import { createMemberTransport } from '../member/transport/transport.js';
import type { ClusterConnection } from './providers/types.js';

export { MemberCallError } from '../member/transport/errors.js';
export { forwardableHeaders } from '../member/transport/headers.js';
export type {
  MemberCaller,
  MemberRequest,
  MemberResponse,
  MemberStream,
} from '../member/transport/transport.js';
export { defaultMemberTimeoutMs } from '../member/transport/transport.js';
import type WebSocket from 'ws';
import type {
  MemberCaller,
  MemberRequest,
  MemberResponse,
  MemberStream,
  MemberUpgrade,
  TransportOptions,
} from '../member/transport/transport.js';

export interface MemberRequester {
  request(request: MemberRequest): Promise<MemberResponse>;
}

/** A user's requester also opens WebSockets (exec, attach, port-forward) and streams (logs). */
export interface UserRequester extends MemberRequester {
  upgrade(request: MemberUpgrade): Promise<WebSocket>;
  /** Resolves at the response headers; the body is read as it arrives. */
  stream(request: MemberRequest): Promise<MemberStream>;
}

/**
 * Calls to one member as one caller: the operator itself (health probes, controllers, the index)
 * or a Nimbus user, impersonated as `nimbus:<user>` with no fallback.
 */
export interface MemberCalls extends UserRequester {
  /** When the connection's short-lived token (EKS, GKE) expires; unset for lasting credentials. */
  expiresAt?: Date;
}

/** A member transport's calls as `caller`, with a default deadline for JSON calls and streams. */
export function callsOf(
  transport: MemberTransport,
  caller: MemberCaller,
  timeoutMs?: number,
): MemberCalls {
  if (caller !== 'operator' && caller.user === '') {
    throw new Error('a user call needs the Nimbus user name');
  }
  const withDeadline = (request: MemberRequest): MemberRequest =>
    request.timeoutMs === undefined && timeoutMs !== undefined
      ? { ...request, timeoutMs }
      : request;
  return {
    ...(transport.expiresAt ? { expiresAt: transport.expiresAt } : {}),
    request: (r) => transport.request(caller, withDeadline(r)),
    upgrade: (u) => transport.upgrade(caller, u),
    stream: (r) => transport.stream(caller, withDeadline(r)),
  };
}

/**
 * The operator's calls over a transport of its own, for credentials not stored yet (a
 * registration's checks); registered clusters share the connector's pooled transport instead.
 */
export function createOperatorCalls(
  connection: ClusterConnection,
  addresses: readonly string[],
  options: TransportOptions = {},
): MemberCalls {
  return callsOf(
    createMemberTransport(connection, addresses, options),
    'operator',
    options.timeoutMs,
  );
}

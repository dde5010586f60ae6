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

export interface MemberClient {
  /** Every call carries Impersonate-User `nimbus:<user>` for this Nimbus user; no fallback. */
  asUser(userName: string): UserRequester;
  /** The operator's own identity, for health probes and controllers only. */
  asOperator(): MemberRequester;
  /** When the connection's short-lived token (EKS, GKE) expires; unset for lasting credentials. */
  expiresAt?: Date;
}

/** The caller-bound view of a member transport, with this client's default deadline. */
export function memberClientOf(transport: MemberTransport, timeoutMs?: number): MemberClient {
  const withDeadline = (request: MemberRequest): MemberRequest =>
    request.timeoutMs === undefined && timeoutMs !== undefined
      ? { ...request, timeoutMs }
      : request;
  return {
    ...(transport.expiresAt ? { expiresAt: transport.expiresAt } : {}),
    asUser: (userName) => {
      if (userName === '') throw new Error('a user call needs the Nimbus user name');
      return {
        request: (r) => transport.request({ user: userName }, withDeadline(r)),
        upgrade: (u) => transport.upgrade({ user: userName }, u),
        stream: (r) => transport.stream({ user: userName }, withDeadline(r)),
      };
    },
    asOperator: () => ({ request: (r) => transport.request('operator', withDeadline(r)) }),
  };
}

/**
 * A member client over its own transport, for one-off callers (registration checks, cleanup of
 * a deleted Cluster); registered clusters share the pooled transport of the connector instead.
 */
export function createMemberClient(
  connection: ClusterConnection,
  addresses: readonly string[],
  options: TransportOptions = {},
): MemberClient {
  return memberClientOf(createMemberTransport(connection, addresses, options), options.timeoutMs);
}

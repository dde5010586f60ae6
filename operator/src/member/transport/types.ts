import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type WebSocket from 'ws';

// The member transport's shapes; transport.ts builds it and re-exports these.

/** Who a member call is made for: a Nimbus user (impersonated) or the operator itself. */
export type MemberCaller = { user: string; groups?: readonly string[] } | 'operator';

export interface MemberRequest {
  method?: string;
  /** Path and query below the API server URL, e.g. /api/v1/nodes?limit=500. */
  path: string;
  headers?: Record<string, string>;
  /** Sent as JSON; a Buffer is sent as it is (the Helm relay passes Helm's own bytes). */
  body?: unknown;
  /** Content type of the JSON body; application/json unless set (e.g. server-side apply). */
  contentType?: string;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** A tighter bound on the answer than the transport's own (e.g. a monitor's query). */
  maxBytes?: number;
}

export interface MemberResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  json<T = unknown>(): T;
}

export interface MemberStream {
  status: number;
  headers: IncomingHttpHeaders;
  /** The live body: read it as it arrives (backpressure is the socket's); destroy to stop. */
  body: IncomingMessage;
}

export interface MemberUpgrade {
  path: string;
  /** Offered subprotocols, best first, e.g. ['v5.channel.k8s.io', 'v4.channel.k8s.io']. */
  protocols: readonly string[];
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface MemberTransport {
  /** A JSON call; the whole answer (bounded) is read before it resolves. */
  request(caller: MemberCaller, request: MemberRequest): Promise<MemberResponse>;
  /** Resolves at the response headers; the deadline covers only the opening. */
  stream(caller: MemberCaller, request: MemberRequest): Promise<MemberStream>;
  /** An open WebSocket to the member (exec, attach, port-forward); `protocol` is the chosen one. */
  upgrade(caller: MemberCaller, request: MemberUpgrade): Promise<WebSocket>;
  /** Closes the pooled sockets; later calls are refused. */
  close(): void;
  /**
   * Replaced by a newer connection to the same cluster: JSON calls under way, and those of a
   * caller that took this transport just before, still finish; no socket is kept for reuse.
   * Streams end at once, as on close (their holders open them again on the new connection).
   */
  retire(): void;
  readonly expiresAt?: Date;
}

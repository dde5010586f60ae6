import type { Endpoint, EndpointId } from '@nimbus/api';
import { endpoints } from '@nimbus/api';
import type { Request, RequestHandler, Response } from 'express';
import type WebSocket from 'ws';
import { ApiError, errors } from '../../core/errors.js';
import type { Identity } from '../../identity/identity.js';
import type { Logger } from '../../logger.js';
import type { z } from 'zod';

/** The request parts of a call, parsed by the endpoint's declared schemas. */
export interface Input<P, Q, B> {
  params: P;
  query: Q;
  body: B;
}

export interface CallContext {
  req: Request;
  res: Response;
}

type Out<S> = S extends z.ZodType ? z.output<S> : Record<string, string>;

/**
 * What the handler returns: the envelope's data (checked against the declared schema in the test
 * tiers); `undefined` when it wrote the response itself (raw responses, redirects).
 */
// [R] extends [never]: a raw response declares no schema (never), and never distributes to never.
export type HandlerResult<R> = [R] extends [never]
  ? undefined
  : R extends z.ZodType
    ? z.input<R> | undefined
    : undefined;

export type EndpointHandler<E> =
  E extends Endpoint<infer P, infer Q, infer B, infer R>
    ? (
        input: Input<Out<P>, Out<Q>, B extends z.ZodType ? z.output<B> : unknown>,
        context: CallContext,
      ) => HandlerResult<R> | Promise<HandlerResult<R>>
    : never;

/** What the upgrade handler gives a WebSocket endpoint, after authentication and policy. */
export interface UpgradeContext {
  identity: Identity;
  /** The subprotocols the client offered that the endpoint declares, the client's order. */
  protocols: readonly string[];
  /** Completes the client's handshake with `protocol`; the socket is closed on revocation. */
  accept(protocol: string | undefined): Promise<WebSocket>;
  /** Aborted when the client goes away before the handshake completes. */
  signal: AbortSignal;
  log: Logger;
}

export type UpgradeHandler = (
  input: Input<unknown, unknown, unknown>,
  context: UpgradeContext,
) => Promise<void>;

/** An endpoint bound to its handler; `before` runs first (e.g. a per-route rate limit). */
export interface Implementation {
  id: string;
  endpoint: Endpoint;
  handler: (input: Input<unknown, unknown, unknown>, context: CallContext) => unknown;
  before: readonly RequestHandler[];
  /** For a WebSocket endpoint: what the handshake runs (the HTTP handler refuses plain GETs). */
  upgrade?: UpgradeHandler;
}

type UpgradeInput<E> =
  E extends Endpoint<infer P, infer Q, z.ZodType, z.ZodType>
    ? Input<Out<P>, Out<Q>, undefined>
    : never;

/**
 * Binds a declared WebSocket endpoint to the code that opens its stream. A plain request (no
 * `Upgrade: websocket`) is answered with 1000 and says so.
 */
export function implementUpgrade<K extends EndpointId>(
  id: K,
  handler: (input: UpgradeInput<(typeof endpoints)[K]>, context: UpgradeContext) => Promise<void>,
): Implementation {
  const endpoint: Endpoint = endpoints[id];
  if (endpoint.response.kind !== 'upgrade') throw new Error(`${id} is not a WebSocket endpoint`);
  const offer = endpoint.response.protocols.join(', ');
  return {
    id,
    endpoint,
    handler: () => {
      throw new ApiError(errors.validationFailed, {
        message: `${id} is a WebSocket: connect with Upgrade: websocket (${offer})`,
      });
    },
    before: [],
    upgrade: handler as UpgradeHandler,
  };
}

/** Binds a declared endpoint (by its id in the contract) to the code that serves it. */
export function implement<K extends EndpointId>(
  id: K,
  handler: EndpointHandler<(typeof endpoints)[K]>,
  before: readonly RequestHandler[] = [],
): Implementation {
  return {
    id,
    endpoint: endpoints[id],
    handler: handler as Implementation['handler'],
    before,
  };
}

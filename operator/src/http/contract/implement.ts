import type { Endpoint, EndpointId } from '@nimbus/api';
import { endpoints } from '@nimbus/api';
import type { Request, RequestHandler, Response } from 'express';
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
export type HandlerResult<R> = R extends z.ZodType ? z.input<R> | undefined : undefined;

export type EndpointHandler<E> =
  E extends Endpoint<infer P, infer Q, infer B, infer R>
    ? (
        input: Input<Out<P>, Out<Q>, B extends z.ZodType ? z.output<B> : unknown>,
        context: CallContext,
      ) => HandlerResult<R> | Promise<HandlerResult<R>>
    : never;

/** An endpoint bound to its handler; `before` runs first (e.g. a per-route rate limit). */
export interface Implementation {
  id: string;
  endpoint: Endpoint;
  handler: (input: Input<unknown, unknown, unknown>, context: CallContext) => unknown;
  before: readonly RequestHandler[];
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

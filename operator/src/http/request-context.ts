import { randomUUID } from 'node:crypto';
import type { RequestHandler, Response } from 'express';
import type { Logger } from '../logger.js';

export const requestIdHeader = 'X-Request-Id';

// Incoming ids are echoed into headers and logs, so only short, inert tokens are accepted.
const safeRequestId = /^[A-Za-z0-9._-]{8,128}$/;

interface RequestContext {
  id: string;
  log: Logger;
  /** Route template such as /api/v1/system.nimbus.io/version, for metrics; set by handlers. */
  route?: string;
  /** The contract operation id the call matched in the access policy (the audit names it). */
  operation?: string;
  /** Path parameters of the matched route (the audit record reads the addressed organization). */
  params?: Readonly<Record<string, string | string[]>>;
  /** Called once the route is matched, before its handler runs (the audit reads state then). */
  onRoute?: () => void;
}

const contextKey = Symbol('nimbus.requestContext');

type WithContext = Response & { [contextKey]?: RequestContext };

export function requestContext(res: Response): RequestContext {
  const context = (res as WithContext)[contextKey];
  if (!context) throw new Error('request context middleware is not installed');
  return context;
}

export function chooseRequestId(incoming: string | undefined): string {
  return incoming && safeRequestId.test(incoming) ? incoming : randomUUID();
}

export function requestContextMiddleware(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const id = chooseRequestId(req.get(requestIdHeader));
    (res as WithContext)[contextKey] = { id, log: logger.child({ reqId: id }) };
    res.setHeader(requestIdHeader, id);
    next();
  };
}

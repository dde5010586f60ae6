import type { Endpoint } from '@nimbus/api';
import { endpoints } from '@nimbus/api';
import type { ErrorRequestHandler, NextFunction, Request, Response, Router } from 'express';
import type { PermissionGate } from '../../access/permission-gate.js';
import { ApiError, errors } from '../../core/errors.js';
import { identityOf } from '../identity-locals.js';
import { ok, recordRoute } from '../respond.js';
import { parseRequest } from '../../core/problems.js';
import type { Implementation } from './implement.js';
import { checkErrorCode, checkResponse } from './response-check.js';
import { toApiError } from '../error-handler.js';

export interface RegisterOptions {
  /** The product domain that replaces {host} in declared paths. */
  host: string;
  /** Prepended to each declared path (the router is mounted at /api, paths sit below /v1). */
  prefix: string;
  /**
   * Validate every JSON response against its declared schema, and every error code against the
   * codes the declaration answers (the test tiers turn it on).
   */
  checkResponses: boolean;
  /** Checks a declared permission before the handler runs (access/permission-gate.ts). */
  gate?: PermissionGate;
}

export function expressPath(endpoint: Endpoint, options: Pick<RegisterOptions, 'host' | 'prefix'>) {
  return `${options.prefix}${endpoint.path.replaceAll('{host}', options.host)}`;
}

function parseParts(endpoint: Endpoint, req: Request) {
  return {
    params: endpoint.params ? parseRequest(endpoint.params, req.params) : { ...req.params },
    query: endpoint.query ? parseRequest(endpoint.query, req.query) : {},
    body: endpoint.body ? parseRequest(endpoint.body, req.body ?? {}) : undefined,
  };
}

function serve(implementation: Implementation, options: RegisterOptions) {
  const { endpoint } = implementation;
  return async (req: Request, res: Response, next: NextFunction) => {
    recordRoute(req, res);
    try {
      const input = parseParts(endpoint, req);
      await options.gate?.(endpoint, input.params, identityOf(res));
      const data = await implementation.handler(input, { req, res });
      if (data === undefined || res.headersSent) return;
      if (endpoint.response.kind !== 'json') {
        throw new ApiError(errors.internal, {
          cause: new Error(`${implementation.id} returned data for a raw response`),
        });
      }
      if (options.checkResponses) checkResponse(implementation.id, endpoint.response.schema, data);
      ok(res, data);
    } catch (error) {
      next(error);
    }
  };
}

/** In the test tiers: an error code the declaration does not list becomes contract drift. */
function declaredErrorsOnly(id: string, endpoint: Endpoint): ErrorRequestHandler {
  return (error: unknown, _req, _res, next) => {
    next(checkErrorCode(id, endpoint, toApiError(error)) ?? error);
  };
}

const routerMethod = {
  GET: 'get',
  POST: 'post',
  PUT: 'put',
  DELETE: 'delete',
  PATCH: 'patch',
} as const;

const declarationOrder = new Map(Object.keys(endpoints).map((id, index) => [id, index]));

/**
 * Registers each implementation on `router` in the contract's declaration order (Express takes
 * the first matching pattern), whatever order the services were assembled in.
 */
export function registerEndpoints(
  router: Router,
  implementations: readonly Implementation[],
  options: RegisterOptions,
): void {
  const ordered = [...implementations].sort(
    (a, b) => (declarationOrder.get(a.id) ?? 0) - (declarationOrder.get(b.id) ?? 0),
  );
  for (const implementation of ordered) {
    const method = routerMethod[implementation.endpoint.method];
    router[method](
      expressPath(implementation.endpoint, options),
      ...implementation.before,
      serve(implementation, options),
      ...(options.checkResponses
        ? [declaredErrorsOnly(implementation.id, implementation.endpoint)]
        : []),
    );
  }
}

/**
 * Refuses to start with an endpoint declared but not served, or served twice: a declaration
 * without a handler would be listed in the OpenAPI document and then answer 9997.
 */
export function assertImplementedOnce(implementations: readonly Implementation[]): void {
  const seen = new Map<string, number>();
  for (const { id } of implementations) seen.set(id, (seen.get(id) ?? 0) + 1);
  const missing = Object.keys(endpoints).filter((id) => !seen.has(id));
  const twice = [...seen].filter(([, count]) => count > 1).map(([id]) => id);
  if (missing.length > 0 || twice.length > 0) {
    throw new Error(
      `contract endpoints not implemented: [${missing.join(', ')}]; implemented twice: [${twice.join(', ')}]`,
    );
  }
}

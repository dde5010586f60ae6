import type { Request, RequestHandler } from 'express';
import { ApiError, errors } from '../../core/errors.js';
import type { Identity } from '../../identity/identity.js';
import { identityOf } from '../identity-locals.js';
import { requestContext } from '../request-context.js';
import type { PolicyMatch } from '../../access/match.js';
import { compilePolicy, expressMatcher, matchPolicy } from '../../access/match.js';
import type { PolicyEntry } from '../../access/policy.js';
import { policyTable } from '../../access/policy.js';
import type { RouteInfo } from '../../access/routes.js';
import { allows, assertInOrganization, denied, isSelf, mayActOnUser } from '../../access/scope.js';

export interface EnforceDeps {
  host: string;
  /** Where the table's paths sit below the middleware's mount point, e.g. /v1. */
  prefix: string;
  table?: readonly PolicyEntry[];
  /** Organization names of a user given by name or uid; undefined when there is no such user. */
  userOrganizations(user: string): readonly string[] | undefined;
  /** The routes registered beside the middleware, to tell a missing entry from an unknown path. */
  routes(): readonly RouteInfo[];
}

/** The addressed organization or user, from a path parameter or a (not yet validated) body. */
function targetOf(match: PolicyMatch, body: unknown): string | undefined {
  const target = match.entry.target;
  if (!target) return undefined;
  const [source, field = ''] = target.split('.');
  const holder: unknown = source === 'params' ? match.params : body;
  if (typeof holder !== 'object' || holder === null) return undefined;
  const value: unknown = (holder as Record<string, unknown>)[field];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function check(
  match: PolicyMatch,
  identity: Identity,
  body: unknown,
  deps: Pick<EnforceDeps, 'userOrganizations'>,
): void {
  const { entry } = match;
  const target = targetOf(match, body);
  if (!entry.scope) {
    if (!allows(entry.allow, identity.role)) throw denied();
    return;
  }
  if (target === undefined) {
    // A path parameter is always present; a missing body field fails validation in the
    // handler, which repeats the scope check on the validated value.
    if (entry.target?.startsWith('params.')) throw denied();
    if (entry.scope !== 'self' && !allows(entry.allow, identity.role)) throw denied();
    return;
  }
  switch (entry.scope) {
    case 'organization':
      assertInOrganization(identity, target, entry.allow);
      return;
    case 'own-user':
      if (!mayActOnUser(identity, target, deps.userOrganizations(target), entry.allow)) {
        throw denied();
      }
      return;
    case 'self':
      if (!isSelf(identity, target)) throw denied();
      return;
  }
}

/** The parts of a call the policy reads. */
export interface PolicyCall {
  method: string;
  /** The path below the mount point, e.g. /v1/iam.nimbus.io/users. */
  path: string;
  /** The request body as sent (not yet validated); undefined for none. */
  body?: unknown;
}

/**
 * The one access check of the API, a plain function so the HTTP middleware and the WebSocket
 * upgrade handler apply the same rules: the call must match a policy entry whose roles and
 * scope admit the caller (9997 otherwise; 9998 without an identity). Answers whether an
 * entry matched; the caller decides what an unmatched path means.
 */
export type Authorize = (
  call: PolicyCall,
  identity: Identity | undefined,
  /** Told the matched entry's operation id before the check, so a refusal is named too. */
  matched?: (operation: string) => void,
) => 'matched' | 'unmatched';

export function createAuthorizer(deps: Omit<EnforceDeps, 'routes'>): Authorize {
  const compiled = compilePolicy(deps.table ?? policyTable, deps.host, deps.prefix);
  return (call, identity, matched) => {
    const match = matchPolicy(compiled, call.method, call.path);
    if (!match) return 'unmatched';
    if (match.entry.id !== undefined) matched?.(match.entry.id);
    if (match.entry.allow === 'public') return 'matched';
    if (!identity) throw new ApiError(errors.tokenInvalid);
    check(match, identity, call.body, deps);
    return 'matched';
  };
}

/**
 * The access check mounted after authentication. A registered route without a policy entry is
 * refused (9997); a path no router knows falls through to 1004.
 */
export function enforcePolicy(deps: EnforceDeps): RequestHandler {
  const authorize = createAuthorizer(deps);
  let known: Array<{ method: string; matches: (path: string) => boolean }> | undefined;
  const isKnownRoute = (req: Request): boolean => {
    known ??= deps.routes().map((route) => {
      const matcher = expressMatcher(route.path);
      return { method: route.method, matches: (path: string) => matcher(path) !== false };
    });
    const method = req.method === 'HEAD' ? 'GET' : req.method;
    return known.some((r) => (r.method === method || r.method === 'ALL') && r.matches(req.path));
  };

  return (req, res, next) => {
    const call = { method: req.method, path: req.path, body: req.body as unknown };
    const named = (operation: string): void => {
      requestContext(res).operation = operation;
    };
    if (authorize(call, identityOf(res), named) === 'unmatched' && isKnownRoute(req)) {
      throw denied();
    }
    next();
  };
}

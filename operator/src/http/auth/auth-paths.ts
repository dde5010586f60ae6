import type { EndpointId } from '@nimbus/api';
import { endpoints } from '@nimbus/api';
import { pathPattern } from '@nimbus/api/shared';
import type { Request } from 'express';
import type { AuthPaths } from './authenticate.js';
import type { Identity } from '../../identity/identity.js';

/**
 * Which API paths answer without a session (the contract's public endpoints), and which calls
 * the bootstrap admin may make before changing the generated password (contract code 1010).
 * `base('auth')` is the full service path, e.g. /api/v1/auth.nimbus.io.
 */
export function authPaths(base: (service: string) => string): AuthPaths {
  const system = base('system');
  // `base('')` without the service is the /api/v1 prefix; the host follows `auth.`.
  const apiBase = base('').replace(/\/\.[^/]*$/, '');
  const host = base('auth').slice(`${apiBase}/auth.`.length);
  const pathOf = (id: EndpointId, params: Record<string, string> = {}): string =>
    `${apiBase}${endpoints[id].path.replaceAll('{host}', host)}`.replace(
      /:([A-Za-z0-9_]+)/g,
      (_match, name: string) => encodeURIComponent(params[name] ?? ''),
    );
  const requestPath = (req: Request): string =>
    (req.originalUrl.split('?')[0] ?? '').replace(/\/+$/, '');
  const is = (req: Request, id: EndpointId, params?: Record<string, string>): boolean =>
    req.method === endpoints[id].method && requestPath(req) === pathOf(id, params);

  const publicIds = (Object.keys(endpoints) as EndpointId[]).filter(
    (id) => endpoints[id].access.allow === 'public',
  );
  const hasParams = (id: EndpointId): boolean => endpoints[id].path.includes('/:');
  const publicPaths = publicIds.filter((id) => !hasParams(id)).map((id) => pathOf(id));
  const publicPatterns = publicIds
    .filter(hasParams)
    .map((id) => pathPattern(endpoints[id].path, { prefix: apiBase, host }));

  return {
    publicPaths,
    publicPatterns,
    // Version and configs, and unknown system paths answer 1004 rather than 9998.
    publicPrefixes: [`${system}/`],
    allowedBeforePasswordChange(req: Request, identity: Identity): boolean {
      if (req.method === 'GET' && requestPath(req).startsWith(`${system}/`)) return true;
      if (is(req, 'updateUser')) {
        const body: unknown = req.body;
        return (
          typeof body === 'object' &&
          body !== null &&
          'updateType' in body &&
          body.updateType === 'password'
        );
      }
      return (
        is(req, 'getUserByName', { userName: identity.userName }) ||
        is(req, 'getUserById', { userId: identity.userId }) ||
        is(req, 'logout')
      );
    },
  };
}

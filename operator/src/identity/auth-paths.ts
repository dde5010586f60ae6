import { endpoints } from '@nimbus/api';
import type { Request } from 'express';
import type { AuthPaths } from './authenticate.js';
import type { Identity } from './identity.js';

/**
 * Which API paths answer without a session, and which calls the bootstrap admin may make before
 * changing the generated password (contract code 1010). `base('auth')` is the full service path,
 * e.g. /api/v1/auth.nimbus.io.
 */
export function authPaths(base: (service: string) => string): AuthPaths {
  const auth = base('auth');
  const system = base('system');
  const iam = base('iam');
  const path = (req: Request): string => (req.originalUrl.split('?')[0] ?? '').replace(/\/+$/, '');

  // The contract's public endpoints; `base('')` without the service is the /api/v1 prefix.
  const apiBase = base('').replace(/\/\.[^/]*$/, '');
  const host = auth.slice(`${apiBase}/auth.`.length);
  const publicPaths = Object.values(endpoints)
    .filter((declared) => declared.access.allow === 'public')
    .map((declared) => `${apiBase}${declared.path.replaceAll('{host}', host)}`);

  return {
    // TODO(contract): the auth service joins the contract; then only the declared list stays.
    publicPaths: [
      ...new Set([...publicPaths, `${auth}/register`, `${auth}/login`, `${auth}/logout`]),
    ],
    // Version and configs, and unknown system paths answer 1004 rather than 9998.
    publicPrefixes: [`${system}/`],
    allowedBeforePasswordChange(req: Request, identity: Identity): boolean {
      const url = path(req);
      if (req.method === 'GET') {
        return (
          url === `${iam}/users/${encodeURIComponent(identity.userName)}` ||
          url === `${iam}/users/id/${identity.userId}` ||
          url.startsWith(`${system}/`)
        );
      }
      if (req.method === 'PUT' && url === `${iam}/users`) {
        const body: unknown = req.body;
        return (
          typeof body === 'object' &&
          body !== null &&
          'updateType' in body &&
          body.updateType === 'password'
        );
      }
      return req.method === 'POST' && url === `${auth}/logout`;
    },
  };
}

import type { RequestHandler, Router } from 'express';
import type { HubStore } from '../hub/store.js';
import { enforcePolicy } from './enforce.js';
import { listRoutes } from './routes.js';

/**
 * enforcePolicy for the API router: the table's paths sit below /v1 of the router's mount point,
 * user lookups come from the hub caches, and the router's own routes tell a route missing from
 * the table (9997) from an unknown path (1004).
 */
export function accessPolicy(
  host: string,
  store: Pick<HubStore, 'users'> | undefined,
  router: Router,
): RequestHandler {
  return enforcePolicy({
    host,
    prefix: '/v1',
    userOrganizations: (ref) => {
      const user = store?.users.get(ref) ?? store?.users.getByUid(ref);
      return user && (user.spec.organizations ?? []).map((m) => m.name);
    },
    routes: () => listRoutes(router),
  });
}

import type { RequestHandler, Router } from 'express';
import type { HubStore } from '../../hub/store.js';
import type { Authorize } from './enforce.js';
import { createAuthorizer, enforcePolicy } from './enforce.js';
import { listRoutes } from '../../access/routes.js';

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
  return enforcePolicy({ ...apiPolicy(host, store), routes: () => listRoutes(router) });
}

/** The same rules as a plain function, for calls that never reach a router (WebSockets). */
export function apiAuthorizer(host: string, store: Pick<HubStore, 'users'> | undefined): Authorize {
  return createAuthorizer(apiPolicy(host, store));
}

function apiPolicy(host: string, store: Pick<HubStore, 'users'> | undefined) {
  return {
    host,
    prefix: '/v1',
    userOrganizations: (ref: string) => {
      const user = store?.users.get(ref) ?? store?.users.getByUid(ref);
      return user && (user.spec.organizations ?? []).map((m) => m.name);
    },
  };
}

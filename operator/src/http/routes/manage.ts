import { Router } from 'express';
import type { ClusterServices } from '../../clusters/registration.js';
import { pageQuery } from '../../iam/paging.js';
import { parseRequest } from '../../core/problems.js';
import { requireIdentity } from '../../identity/identity.js';
import { explainAccess } from '../../manage/explain-access.js';
import type { ProviderReader } from '../../manage/providers.js';
import { listProviders } from '../../manage/providers.js';
import { handle } from '../respond.js';
import { addClusterRoutes } from './clusters.js';
import { addMonitorRoutes } from './monitors.js';

/** The manage service: member clusters (providers) of an organization. */
export function manageRouter(store: ProviderReader, clusters?: ClusterServices): Router {
  const router = Router();
  if (clusters) {
    addClusterRoutes(router, clusters);
    router.get(
      '/users/:userName/explain',
      handle((req, res) =>
        explainAccess(
          { store, connector: clusters.connector },
          requireIdentity(res),
          String(req.params.userName ?? ''),
          req.query,
        ),
      ),
    );
    addMonitorRoutes(router, {
      store: clusters.store,
      policy: clusters.policy ?? {},
      ...(clusters.resolve ? { resolve: clusters.resolve } : {}),
    });
  }
  router.get(
    '/organizations/:orgId/providers',
    handle((req, res) =>
      listProviders(
        store,
        requireIdentity(res),
        String(req.params.orgId ?? ''),
        parseRequest(pageQuery, req.query),
      ),
    ),
  );
  return router;
}

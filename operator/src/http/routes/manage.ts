import { Router } from 'express';
import type { ClusterServices } from '../../clusters/registration.js';
import { requireIdentity } from '../../identity/identity.js';
import { explainAccess } from '../../manage/explain-access.js';
import { listMonitors } from '../../manage/monitors.js';
import type { ProviderReader } from '../../manage/providers.js';
import { listProviders } from '../../manage/providers.js';
import type { Implementation } from '../contract/implement.js';
import { implement } from '../contract/implement.js';
import { addClusterRoutes } from './clusters.js';
import { addMonitorRoutes } from './monitors.js';

/** The manage service's reads, on the contract. */
export function manageEndpoints(
  store: ProviderReader,
  clusters?: ClusterServices,
): Implementation[] {
  const reads = [
    implement('listOrganizationProviders', ({ params, query }, { res }) =>
      listProviders(store, requireIdentity(res), params.orgId, query),
    ),
  ];
  if (!clusters) return reads;
  const monitorServices = {
    store: clusters.store,
    policy: clusters.policy ?? {},
    ...(clusters.resolve ? { resolve: clusters.resolve } : {}),
  };
  return [
    ...reads,
    implement('explainAccess', ({ params, query }, { res }) =>
      explainAccess(
        { store, connector: clusters.connector },
        requireIdentity(res),
        params.userName,
        query,
      ),
    ),
    implement('listSupportedProviders', () => ({ items: clusters.registry.supported() })),
    implement('listClusterMonitors', ({ params }, { res }) =>
      listMonitors(monitorServices, requireIdentity(res), params.id),
    ),
  ];
}

/** The manage service's writes (clusters, monitors), not yet on the contract. */
export function manageRouter(clusters?: ClusterServices): Router {
  const router = Router();
  if (clusters) {
    addClusterRoutes(router, clusters);
    addMonitorRoutes(router, {
      store: clusters.store,
      policy: clusters.policy ?? {},
      ...(clusters.resolve ? { resolve: clusters.resolve } : {}),
    });
  }
  return router;
}

import type { ClusterServices } from '../../clusters/registration.js';
import { requireIdentity } from '../identity-locals.js';
import { explainAccess } from '../../clusters/rbac/explain-access.js';
import type { ProviderReader } from '../../clusters/provider-views.js';
import { listProviders } from '../../clusters/provider-views.js';
import type { Implementation } from '../contract/implement.js';
import { implement } from '../contract/implement.js';
import { clusterEndpoints } from './clusters.js';
import { monitorEndpoints } from './monitors.js';

/** The manage service: clusters of an organization, their registration, access and monitors. */
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
    ...clusterEndpoints(clusters),
    ...monitorEndpoints({
      store: clusters.store,
      policy: clusters.policy ?? {},
      ...(clusters.resolve ? { resolve: clusters.resolve } : {}),
    }),
  ];
}

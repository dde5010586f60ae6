import {
  createCluster,
  deleteCluster,
  testCluster,
  updateCluster,
} from '../../clusters/registration.js';
import type { ClusterServices } from '../../clusters/registration.js';
import { requireIdentity } from '../../identity/identity.js';
import type { Implementation } from '../contract/implement.js';
import { implement } from '../contract/implement.js';

/** Registration of member clusters (SPEC §7 "Clusters and nodes"). */
export function clusterEndpoints(services: ClusterServices): Implementation[] {
  return [
    implement('registerCluster', ({ params, body }, { res }) =>
      createCluster(services, requireIdentity(res), params.kind, body),
    ),
    implement('testClusterConnection', ({ params, body }, { res }) =>
      testCluster(services, requireIdentity(res), params.kind, params.cluster, body),
    ),
    implement('updateCluster', ({ params, body }, { res }) =>
      updateCluster(services, requireIdentity(res), params.kind, params.cluster, body),
    ),
    implement('deleteCluster', ({ params, body }, { res }) =>
      deleteCluster(
        services,
        requireIdentity(res),
        params.kind,
        params.cluster,
        body.organizationId,
      ),
    ),
  ];
}

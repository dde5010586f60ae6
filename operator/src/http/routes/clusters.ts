import {
  createCluster,
  deleteCluster,
  testCluster,
  updateCluster,
} from '../../clusters/registration.js';
import type { ClusterServices } from '../../clusters/registration.js';
import { invalid } from '../../core/problems.js';
import { requireIdentity } from '../identity-locals.js';
import { discoverMonitorServices } from '../../monitoring/monitor-discovery.js';
import type { Implementation } from '../contract/implement.js';
import { implement } from '../contract/implement.js';

/** Registration of member clusters. */
export function clusterEndpoints(services: ClusterServices): Implementation[] {
  return [
    implement('registerCluster', ({ params, body }, { res }) =>
      createCluster(services, requireIdentity(res), params.kind, body),
    ),
    implement('registerNamedCluster', ({ params, body }, { res }) => {
      if (body.name !== undefined && body.name !== params.cluster) {
        throw invalid('name', `must be ${params.cluster}, as in the path`);
      }
      return createCluster(services, requireIdentity(res), params.kind, {
        ...body,
        name: params.cluster,
      });
    }),
    implement('testClusterConnection', ({ params, body }, { res }) =>
      testCluster(services, requireIdentity(res), params.kind, params.cluster, body),
    ),
    implement('discoverMonitorServices', ({ params, body }, { res }) =>
      discoverMonitorServices(services, requireIdentity(res), params.kind, params.cluster, body),
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

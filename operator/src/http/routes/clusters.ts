import type { Router } from 'express';
import {
  createCluster,
  deleteCluster,
  testCluster,
  updateCluster,
} from '../../clusters/registration.js';
import type { ClusterServices } from '../../clusters/registration.js';
import { requireIdentity } from '../../identity/identity.js';
import { handle } from '../respond.js';

const clusters = '/providers/:kind/clusters';

/** Registration of member clusters (SPEC §7 "Clusters and nodes"); mounted on the manage router. */
export function addClusterRoutes(router: Router, services: ClusterServices): void {
  const param = (value: unknown): string => String(value ?? '');
  router.post(
    clusters,
    handle((req, res) =>
      createCluster(services, requireIdentity(res), param(req.params.kind), req.body),
    ),
  );
  router.post(
    `${clusters}/:cluster/test`,
    handle((req, res) =>
      testCluster(
        services,
        requireIdentity(res),
        param(req.params.kind),
        param(req.params.cluster),
        req.body,
      ),
    ),
  );
  router.put(
    `${clusters}/:cluster`,
    handle((req, res) =>
      updateCluster(
        services,
        requireIdentity(res),
        param(req.params.kind),
        param(req.params.cluster),
        req.body,
      ),
    ),
  );
  router.delete(
    `${clusters}/:cluster`,
    handle((req, res) =>
      deleteCluster(
        services,
        requireIdentity(res),
        param(req.params.kind),
        param(req.params.cluster),
        req.body,
      ),
    ),
  );
}

import { Router } from 'express';
import type { MemberRouteDeps } from '../../k8s/deps.js';
import { addNamespaceK8sRoutes } from '../../k8s/namespaces/routes.js';

/** The k8s service: writes and live reads in member clusters, as the calling user. */
export function k8sRouter(deps: MemberRouteDeps): Router {
  const router = Router();
  addNamespaceK8sRoutes(router, deps);
  return router;
}

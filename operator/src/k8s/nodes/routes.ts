import type { Router } from 'express';
import type { MemberRouteDeps } from '../deps.js';

/** GET/PUT below /crd.{host}/vendors/…/clusters/:cluster: cluster detail and nodes. */
export function addNodeCrdRoutes(_router: Router, _deps: MemberRouteDeps): void {}

/** PUT /k8s.{host}/vendors/…/clusters/:cluster/nodes/:node (labels, annotations, taints). */
export function addNodeK8sRoutes(_router: Router, _deps: MemberRouteDeps): void {}

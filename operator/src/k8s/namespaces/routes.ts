import type { Router } from 'express';
import type { MemberRouteDeps } from '../deps.js';

/** GET /crd.{host}/vendors/…/clusters/:cluster/namespaces/:namespace. */
export function addNamespaceCrdRoutes(_router: Router, _deps: MemberRouteDeps): void {}

/** Namespaces, resource quotas and limit ranges below /k8s.{host}. */
export function addNamespaceK8sRoutes(_router: Router, _deps: MemberRouteDeps): void {}

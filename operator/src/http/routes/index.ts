import express, { Router } from 'express';
import { notFoundHandler } from '../error-handler.js';
import type { SystemInfo } from './system.js';
import { systemRouter } from './system.js';

/** The API router is mounted here; service routers below it at /v1/{service}.{host}. */
export const apiMountPath = '/api';
export const apiVersionPath = '/v1';
export const jsonBodyLimit = '1mb';

export interface ApiDeps {
  system: SystemInfo;
}

/** Full base path of one service, e.g. /api/v1/system.nimbus.io. */
export function servicePath(service: string, host: string): string {
  return `${apiMountPath}${apiVersionPath}/${service}.${host}`;
}

/** Every /api route; later services (auth, iam, manage, crd, k8s …) mount here the same way. */
export function apiRouter(deps: ApiDeps): Router {
  const mount = (service: string): string => `${apiVersionPath}/${service}.${deps.system.host}`;
  const router = Router();
  router.use(express.json({ limit: jsonBodyLimit }));
  router.use(mount('system'), systemRouter(deps.system));
  // Unknown API paths answer with the JSON envelope, never the console's HTML.
  router.use(notFoundHandler);
  return router;
}

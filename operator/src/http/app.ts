import express from 'express';
import type { Express } from 'express';
import { auditMiddleware } from './audit/capture.js';
import { peerAuditRouter } from './audit/peer-router.js';
import { hubAuditDirectory } from '../audit/organization.js';
import type { AuditTrail } from '../audit/trail.js';
import type { ClusterServices } from '../clusters/registration.js';
import type { RollupReader } from '../cost/rollup-store.js';
import type { ChangeFeed } from '../index/change-feed.js';
import type { IndexReader } from '../index/reader.js';
import type { HubProbe } from '../hub/client.js';
import type { IdentityServices } from '../identity/services.js';
import type { Logger } from '../logger.js';
import { answerCompression } from './compression.js';
import { consoleRouter } from './console.js';
import { errorHandler, notFoundHandler } from './error-handler.js';
import { healthRouter } from './health.js';
import type { HttpMetrics } from './metrics.js';
import { createHttpMetrics, metricsMiddleware } from './metrics.js';
import { requestContextMiddleware } from './request-context.js';
import { tracingMiddleware } from './tracing.js';
import { requestLogMiddleware } from './request-log.js';
import { apiMountPath, apiRouter, type RouteServices } from './routes/index.js';
import { securityHeaders } from './security.js';
import { userGuidePath, userGuideRouter } from './user-guide.js';
import { setUpgradeListener } from './upgrade/attach.js';

export interface AppDeps {
  host: string;
  version: string;
  mfaEnabled: boolean;
  consoleDir: string;
  logger: Logger;
  hub: HubProbe;
  metrics?: HttpMetrics;
  /** Records every /api call and serves GET /audit.{host}/records; main.ts always sets it. */
  audit?: AuditTrail;
  /** Authentication, sessions and the hub store; main.ts always sets it. */
  identity?: IdentityServices;
  /** Member cluster registration (manage service); main.ts always sets it. */
  clusters?: ClusterServices;
  /** The multi-cluster index behind /crd.{host}. */
  index?: IndexReader;
  /** The index's writes as they happen, for the live lists' stream. */
  changes?: ChangeFeed;
  /** The cost center's daily rollups (ConfigMaps in the operator's namespace). */
  costRollups?: RollupReader;
  /** The helm binary the app store runs (NIMBUS_HELM_PATH). */
  helmPath?: string;
  /** The domain services the routes call, from the composition root (compose.ts). */
  services: RouteServices;
}

/** Builds the operator's HTTP app without listening, so tests can serve it on any port. */
export function createApp(deps: AppDeps): Express {
  const metrics = deps.metrics ?? createHttpMetrics();
  const app = express();
  app.disable('x-powered-by');
  // req.ip, req.secure and req.host believe X-Forwarded-* only from these proxies.
  const trustProxy = deps.identity?.settings.trustProxy ?? false;
  app.set('trust proxy', Array.isArray(trustProxy) ? [...trustProxy] : trustProxy);

  app.use(requestContextMiddleware(deps.logger));
  app.use(tracingMiddleware());
  // First after the context, so calls refused by any later middleware are recorded too.
  const directory = deps.identity ? hubAuditDirectory(deps.identity.store) : undefined;
  if (deps.audit) {
    app.use(apiMountPath, auditMiddleware(deps.audit.record, deps.host, directory));
  }
  app.use(requestLogMiddleware());
  app.use(metricsMiddleware(metrics));
  app.use(securityHeaders());
  app.use(answerCompression());

  app.use(healthRouter(deps.hub));
  const api = apiRouter({
    system: { host: deps.host, version: deps.version, mfaEnabled: deps.mfaEnabled },
    services: deps.services,
    audit: deps.audit,
    identity: deps.identity,
    clusters: deps.clusters,
    index: deps.index,
    ...(deps.changes ? { changes: deps.changes } : {}),
    ...(deps.costRollups ? { costRollups: deps.costRollups } : {}),
    ...(deps.helmPath ? { helmPath: deps.helmPath } : {}),
    upgrades: {
      app,
      logger: deps.logger,
      ...(deps.audit ? { audit: { record: deps.audit.record, directory } } : {}),
    },
  });
  app.use(apiMountPath, api.router);
  if (api.upgrade) setUpgradeListener(app, api.upgrade);
  if (deps.audit?.peerKey) app.use(peerAuditRouter(deps.audit.store, deps.audit.peerKey));
  app.use(userGuidePath, userGuideRouter(deps.consoleDir));
  app.use(consoleRouter(deps.consoleDir, deps.host));

  app.use(notFoundHandler);
  app.use(errorHandler);
  return app;
}

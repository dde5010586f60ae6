import express from 'express';
import type { Express } from 'express';
import type { HubProbe } from '../hub/client.js';
import type { Logger } from '../logger.js';
import { consoleRouter } from './console.js';
import { errorHandler, notFoundHandler } from './error-handler.js';
import { healthRouter } from './health.js';
import type { HttpMetrics } from './metrics.js';
import { createHttpMetrics, metricsMiddleware } from './metrics.js';
import { requestContextMiddleware } from './request-context.js';
import { requestLogMiddleware } from './request-log.js';
import { apiMountPath, apiRouter } from './routes/index.js';
import { securityHeaders } from './security.js';

export interface AppDeps {
  host: string;
  version: string;
  mfaEnabled: boolean;
  consoleDir: string;
  logger: Logger;
  hub: HubProbe;
  metrics?: HttpMetrics;
}

/** Builds the operator's HTTP app without listening, so tests can serve it on any port. */
export function createApp(deps: AppDeps): Express {
  const metrics = deps.metrics ?? createHttpMetrics();
  const app = express();
  app.disable('x-powered-by');

  app.use(requestContextMiddleware(deps.logger));
  app.use(requestLogMiddleware());
  app.use(metricsMiddleware(metrics));
  app.use(securityHeaders());

  app.use(healthRouter(deps.hub, metrics));
  app.use(
    apiMountPath,
    apiRouter({
      system: { host: deps.host, version: deps.version, mfaEnabled: deps.mfaEnabled },
    }),
  );
  app.use(consoleRouter(deps.consoleDir, deps.host));

  app.use(notFoundHandler);
  app.use(errorHandler);
  return app;
}

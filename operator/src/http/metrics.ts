import express from 'express';
import type { Express, RequestHandler } from 'express';
import { Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { operatorRegistry } from '../observability/metrics.js';
import { requestContext } from './request-context.js';
import { elapsedSeconds, onResponseDone } from './response-done.js';

export interface HttpMetrics {
  registry: Registry;
  requestDuration: Histogram<'method' | 'route' | 'status_code'>;
}

/** A registry per app instance, so tests and multiple apps in one process never collide. */
export function createHttpMetrics(): HttpMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requestDuration = new Histogram({
    name: 'nimbus_http_request_duration_seconds',
    help: 'Duration of HTTP requests served by the operator, by route template.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  return { registry, requestDuration };
}

// Unmatched URLs share one label value so scanners cannot blow up the series count.
const unmatchedRoute = 'unmatched';

export function metricsMiddleware(metrics: HttpMetrics): RequestHandler {
  return (req, res, next) => {
    const start = process.hrtime.bigint();
    onResponseDone(res, () => {
      metrics.requestDuration.observe(
        {
          method: req.method,
          route: requestContext(res).route ?? unmatchedRoute,
          status_code: String(res.writableFinished ? res.statusCode : 499),
        },
        elapsedSeconds(start),
      );
    });
    next();
  };
}

/** The app's series and the process-wide ones (controllers, members, vendors, sign-in). */
export function metricsHandler(metrics: HttpMetrics): RequestHandler {
  return async (_req, res) => {
    const merged = Registry.merge([metrics.registry, operatorRegistry]);
    res.setHeader('Content-Type', merged.contentType);
    res.end(await merged.metrics());
  };
}

/**
 * The app behind NIMBUS_METRICS_PORT: GET /metrics and nothing else. Kept off the public port so
 * the series (routes, members, queue sizes) are visible to the scraper, not to the internet.
 */
export function createMetricsApp(metrics: HttpMetrics): Express {
  const app = express();
  app.disable('x-powered-by');
  app.get('/metrics', metricsHandler(metrics));
  app.use((_req, res) => {
    res.status(404).type('text/plain').send('not found\n');
  });
  return app;
}

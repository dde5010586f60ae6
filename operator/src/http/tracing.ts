// One server span per HTTP request (docs/tracing.md): named after the matched route template,
// with the request id, the signed-in user and the addressed cluster as attributes. Nothing of
// the query string or the body: either may carry a token or a password.
import type { RequestHandler } from 'express';
import { identityOf } from './identity-locals.js';
import { markFailed, serveInSpan } from '../observability/tracing.js';
import { requestContext } from './request-context.js';
import { onResponseDone } from './response-done.js';

/** The kubelet asks these every few seconds; a span each would drown the real work. */
const probes = new Set(['/healthz', '/readyz', '/livez']);

export function tracingMiddleware(): RequestHandler {
  return (req, res, next) => {
    if (probes.has(req.path)) return next();
    const { id } = requestContext(res);
    const attributes = { 'http.request.method': req.method, 'nimbus.request_id': id };
    serveInSpan(`${req.method}`, req.headers, attributes, (span) => {
      onResponseDone(res, () => {
        const { route, params } = requestContext(res);
        if (route) {
          span.updateName(`${req.method} ${route}`);
          span.setAttribute('http.route', route);
        }
        const cluster = params?.cluster;
        if (typeof cluster === 'string') span.setAttribute('nimbus.cluster', cluster);
        const identity = identityOf(res);
        if (identity) span.setAttribute('enduser.id', identity.userName);
        span.setAttribute('http.response.status_code', res.statusCode);
        if (res.statusCode >= 500) markFailed(span, new Error(`HTTP ${res.statusCode}`));
        span.end();
      });
      next();
    });
  };
}

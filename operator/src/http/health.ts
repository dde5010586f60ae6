import { Router } from 'express';
import type { HubProbe } from '../hub/client.js';
import { recordRoute } from './respond.js';
import { requestContext } from './request-context.js';

/** Probe endpoints: plain JSON (not the API envelope), for kubelet. /metrics has its own port. */
export function healthRouter(hub: HubProbe): Router {
  const router = Router();

  router.get('/healthz', (req, res) => {
    recordRoute(req, res);
    res.json({ status: 'ok' });
  });

  router.get('/readyz', async (req, res) => {
    recordRoute(req, res);
    const readiness = await hub.probe();
    if (readiness.ready) {
      res.json({ status: 'ok' });
      return;
    }
    requestContext(res).log.warn(
      { reason: readiness.reason, detail: readiness.detail },
      'not ready',
    );
    res.status(503).json({ status: 'unavailable', reason: readiness.reason });
  });

  return router;
}

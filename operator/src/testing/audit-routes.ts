import express from 'express';
import type { AuditTrail } from '../audit/trail.js';
import type { OrganizationObject } from '../hub/store.js';
import type { Lookup } from '../hub/directory.js';
import type { Identity } from '../identity/identity.js';
import { setIdentity } from '../http/identity-locals.js';
import { registerEndpoints } from '../http/contract/register.js';
import { errorHandler, notFoundHandler } from '../http/error-handler.js';
import { requestContextMiddleware } from '../http/request-context.js';
import { auditEndpoints } from '../http/routes/audit.js';
import { captureLogs } from './logs.js';
import type { RunningServer } from './http.js';
import { serve } from './http.js';

/**
 * The real audit routes over a trail, behind a stand-in for the auth middleware: the caller is
 * `callers[X-Test-User]`. Responses are checked against the contract.
 */
export async function serveAuditRoutes(
  trail: Pick<AuditTrail, 'search'>,
  organizations: Lookup<OrganizationObject>,
  callers: Record<string, Identity>,
): Promise<RunningServer> {
  const app = express();
  app.use(requestContextMiddleware(captureLogs().logger));
  app.use((req, res, next) => {
    const who = callers[req.get('x-test-user') ?? ''];
    if (who) setIdentity(res, who);
    next();
  });
  const api = express.Router();
  registerEndpoints(api, auditEndpoints(trail, organizations), {
    host: 'nimbus.io',
    prefix: '',
    checkResponses: true,
  });
  app.use('/api/v1', api);
  app.use(notFoundHandler);
  app.use(errorHandler);
  return serve(app);
}

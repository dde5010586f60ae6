import { Router } from 'express';
import { pageQuery } from '../../iam/paging.js';
import { parseRequest } from '../../iam/problems.js';
import { requireIdentity } from '../../identity/identity.js';
import type { ProviderReader } from '../../manage/providers.js';
import { listProviders } from '../../manage/providers.js';
import { handle } from '../respond.js';

/** The manage service: member clusters (providers) of an organization. */
export function manageRouter(store: ProviderReader): Router {
  const router = Router();
  router.get(
    '/organizations/:orgId/providers',
    handle((req, res) =>
      listProviders(
        store,
        requireIdentity(res),
        String(req.params.orgId ?? ''),
        parseRequest(pageQuery, req.query),
      ),
    ),
  );
  return router;
}

import { Router } from 'express';
import { parseAuditQuery } from '../../audit/query.js';
import { readableOrganizationsFor, scopedFilter } from '../../audit/scope.js';
import type { AuditTrail } from '../../audit/trail.js';
import type { OrganizationObject } from '../../hub/store.js';
import type { Lookup } from '../../iam/directory.js';
import { resolve } from '../../iam/directory.js';
import { requireIdentity } from '../../identity/identity.js';
import { requestContext } from '../request-context.js';
import { handle } from '../respond.js';

const noOrganizations: Lookup<OrganizationObject> = {
  get: () => undefined,
  getByUid: () => undefined,
  list: () => [],
};

/** GET /audit.{host}/records: the merged audit trail of every replica, newest first. */
export function auditRouter(
  audit: Pick<AuditTrail, 'search'>,
  organizations?: Lookup<OrganizationObject>,
): Router {
  // A name no current organization has, or a gone organization's uid, is taken as a uid.
  const uidOf = (reference: string): string =>
    resolve(organizations ?? noOrganizations, reference)?.metadata.uid ?? reference;
  const router = Router();
  router.get(
    '/records',
    handle(async (req, res) => {
      const identity = requireIdentity(res);
      // Permission before validation, so a refused caller learns nothing from error details.
      const readable = readableOrganizationsFor(identity);
      const query = parseAuditQuery(req.query as Record<string, unknown>, uidOf);
      const filter = scopedFilter(query.filter, readable);
      return audit.search(filter, query.page, query.pageSize, requestContext(res).log);
    }),
  );
  return router;
}

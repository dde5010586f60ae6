import { exportChunks, exportMediaTypes, exportPages } from '../../audit/export.js';
import { auditFilterOf, auditQueryOf } from '../../audit/query.js';
import { readableOrganizationsFor, scopedFilter } from '../../audit/scope.js';
import type { AuditTrail } from '../../audit/trail.js';
import type { OrganizationObject } from '../../hub/store.js';
import type { Lookup } from '../../hub/directory.js';
import { resolve } from '../../hub/directory.js';
import { requireIdentity } from '../identity-locals.js';
import type { Implementation } from '../contract/implement.js';
import { implement } from '../contract/implement.js';
import { requestContext } from '../request-context.js';
import { fileStamp, streamAttachment } from '../stream-attachment.js';

const noOrganizations: Lookup<OrganizationObject> = {
  get: () => undefined,
  getByUid: () => undefined,
  list: () => [],
};

/**
 * GET /audit.{host}/records: the merged audit trail of every replica, newest first, a page; and
 * GET …/records/export: all of it the caller may read, streamed as CSV or JSON lines.
 */
export function auditEndpoints(
  audit: Pick<AuditTrail, 'search'>,
  organizations?: Lookup<OrganizationObject>,
): Implementation[] {
  // A name no current organization has, or a gone organization's uid, is taken as a uid.
  const uidOf = (reference: string): string =>
    resolve(organizations ?? noOrganizations, reference)?.metadata.uid ?? reference;
  return [
    implement('listAuditRecords', async ({ query }, { res }) => {
      const readable = readableOrganizationsFor(requireIdentity(res));
      const parsed = auditQueryOf(query, uidOf);
      const filter = scopedFilter(parsed.filter, readable);
      return audit.search(filter, parsed.page, parsed.pageSize, requestContext(res).log);
    }),
    implement('exportAuditRecords', async ({ query }, { res }) => {
      const readable = readableOrganizationsFor(requireIdentity(res));
      const filter = scopedFilter(auditFilterOf(query, uidOf), readable);
      const log = requestContext(res).log;
      await streamAttachment(
        res,
        {
          filename: `nimbus-audit-${fileStamp()}.${query.format}`,
          mediaType: exportMediaTypes[query.format],
          chunks: exportChunks(exportPages(audit.search, filter, log), query.format),
        },
        log,
      );
      return undefined;
    }),
  ];
}

import type { Identity } from '../identity/identity.js';
import { ApiError, errors } from '../core/errors.js';
import type { AuditFilter } from './record.js';

/**
 * Whose records the caller may read, by the uid of the organization each call acted in:
 * undefined for all (system administrators), else the organizations they administer. Others
 * get 9997.
 */
export function readableOrganizationsFor(identity: Identity): string[] | undefined {
  if (identity.sysAdmin) return undefined;
  const administered = identity.organizations.filter((org) => org.admin).map((org) => org.uid);
  if (administered.length === 0) throw new ApiError(errors.noPermission);
  return [...new Set(administered)].sort();
}

/** The filter narrowed to the caller's reach; asking for an organization outside it gets 9997. */
export function scopedFilter(filter: AuditFilter, readable: string[] | undefined): AuditFilter {
  if (readable === undefined) return filter;
  if (filter.organizationUid !== undefined && !readable.includes(filter.organizationUid)) {
    throw new ApiError(errors.noPermission);
  }
  return { ...filter, organizationUids: readable };
}

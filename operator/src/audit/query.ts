import { auditQuery } from '@nimbus/api';
import type { AuditExportInput, AuditQueryInput } from '@nimbus/api';
import { ApiError, errors } from '../core/errors.js';
import { parseInput } from '../core/validate.js';
import type { AuditFilter } from './record.js';

export { maxAuditPageSize as maxPageSize } from '@nimbus/api';
/** Deepest record a page may reach; every replica returns this many at most for one page. */
export const maxWindow = 10_000;

export const fromAfterToMessage = "Start time couldn't later than end time";

export interface AuditQuery {
  filter: AuditFilter;
  page: number;
  pageSize: number;
}

/**
 * Validates the list query; an empty parameter counts as absent, as the console sends them.
 * `organization` (uid or name) becomes the uid `uidOf` gives: the organization of that name
 * now, so a name never reaches the records of an earlier organization that had it.
 */
export function parseAuditQuery(
  query: unknown,
  uidOf: (reference: string) => string = (reference) => reference,
): AuditQuery {
  return auditQueryOf(parseInput(auditQuery, query), uidOf);
}

type FilterInput = Omit<AuditExportInput, 'format'>;

/** The filters of a list or export query, checked across fields, the organization as a uid. */
export function auditFilterOf(
  input: FilterInput,
  uidOf: (reference: string) => string = (reference) => reference,
): AuditFilter {
  if (input.from !== undefined && input.to !== undefined && input.from > input.to) {
    throw new ApiError(errors.validationFailed, {
      message: fromAfterToMessage,
      details: [{ path: 'from', message: fromAfterToMessage }],
    });
  }
  const filter: AuditFilter = {
    preset: input.preset,
    user: input.user,
    organizationUid: input.organization === undefined ? undefined : uidOf(input.organization),
    operation: input.operation,
    resource: input.resource,
    method: input.method,
    httpStatus: input.status,
    code: input.code,
    from: input.from,
    to: input.to,
    cluster: input.cluster,
    namespace: input.namespace,
    kind: input.kind,
    name: input.name,
  };
  return dropUndefined(filter);
}

/** The checks across fields of a parsed query, and the organization as a uid. */
export function auditQueryOf(
  input: AuditQueryInput,
  uidOf: (reference: string) => string = (reference) => reference,
): AuditQuery {
  const filter = auditFilterOf(input, uidOf);
  if (input.page * input.pageSize > maxWindow) {
    throw new ApiError(errors.validationFailed, {
      details: [
        { path: 'page', message: `pages reach at most record ${maxWindow}; narrow the filters` },
      ],
    });
  }
  return { filter, page: input.page, pageSize: input.pageSize };
}

function dropUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined)) as T;
}

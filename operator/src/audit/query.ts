import { z } from 'zod';
import { ApiError, errors } from '../core/errors.js';
import { parseInput } from '../core/validate.js';
import type { AuditFilter } from './record.js';

export const maxPageSize = 100;
/** Deepest record a page may reach; every replica returns this many at most for one page. */
export const maxWindow = 10_000;

export const fromAfterToMessage = "Start time couldn't later than end time";

const rfc3339 = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

/** RFC 3339 date-time or epoch milliseconds, to epoch milliseconds. */
const instant = z.string().transform((value, context) => {
  const time = /^\d{1,15}$/.test(value)
    ? Number(value)
    : rfc3339.test(value)
      ? Date.parse(value)
      : Number.NaN;
  if (Number.isNaN(time)) {
    context.addIssue({ code: 'custom', message: 'must be RFC 3339 or epoch milliseconds' });
    return z.NEVER;
  }
  return time;
});

const text = (max: number) => z.string().trim().min(1).max(max);

const querySchema = z.object({
  user: text(253).optional(),
  organization: text(253).optional(),
  resource: text(128).optional(),
  method: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{1,16}$/, 'must be an HTTP method')
    .optional(),
  status: z.coerce.number().int().min(100).max(599).optional(),
  code: z.coerce.number().int().min(0).max(999_999).optional(),
  from: instant.optional(),
  to: instant.optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(maxPageSize).default(20),
});

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
  query: Record<string, unknown>,
  uidOf: (reference: string) => string = (reference) => reference,
): AuditQuery {
  const present = Object.fromEntries(Object.entries(query).filter(([, value]) => value !== ''));
  const input = parseInput(querySchema, present);
  if (input.from !== undefined && input.to !== undefined && input.from > input.to) {
    throw new ApiError(errors.validationFailed, {
      message: fromAfterToMessage,
      details: [{ path: 'from', message: fromAfterToMessage }],
    });
  }
  if (input.page * input.pageSize > maxWindow) {
    throw new ApiError(errors.validationFailed, {
      details: [
        { path: 'page', message: `pages reach at most record ${maxWindow}; narrow the filters` },
      ],
    });
  }
  const filter: AuditFilter = {
    user: input.user,
    organizationUid: input.organization === undefined ? undefined : uidOf(input.organization),
    resource: input.resource,
    method: input.method,
    httpStatus: input.status,
    code: input.code,
    from: input.from,
    to: input.to,
  };
  return { filter: dropUndefined(filter), page: input.page, pageSize: input.pageSize };
}

function dropUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined)) as T;
}

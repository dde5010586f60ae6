import { z } from 'zod';

export const maxAuditPageSize = 100;

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

/** An empty parameter counts as absent, as the console sends them. */
function withoutEmpty(query: unknown): unknown {
  if (typeof query !== 'object' || query === null) return query;
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== ''));
}

const auditQueryFields = z.object({
  user: text(253).optional(),
  /** Organization uid, or the name of an organization that exists now. */
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
  pageSize: z.coerce.number().int().min(1).max(maxAuditPageSize).default(20),
});
/** What a client sends (all optional; an empty value counts as absent). */
export type AuditQueryParams = z.input<typeof auditQueryFields>;

/** GET /audit.{host}/records: filters (AND), newest first, paged. */
export const auditQuery = z.preprocess(withoutEmpty, auditQueryFields);
export type AuditQueryInput = z.output<typeof auditQuery>;

/** One audited API call as the API shows it (SPEC §3 "Audit record"); credentials redacted. */
export const auditRecordViewSchema = z.object({
  id: z.string(),
  userName: z.string(),
  /** Name of the organization the call acted in; null for anonymous callers. */
  organization: z.string().nullable(),
  organizationUid: z.string().nullable(),
  resource: z.string(),
  method: z.string(),
  /** RFC 3339. */
  requestTime: z.string(),
  uri: z.string(),
  httpStatus: z.number().int(),
  /** Null when the response carried no envelope (e.g. the client went away). */
  code: z.number().int().nullable(),
  message: z.string(),
  handleTimeMs: z.number(),
  requestHeader: z.record(z.string(), z.string()),
  /** Redacted JSON text, possibly truncated; '' without a body. */
  requestBody: z.string(),
});
export type AuditRecordView = z.output<typeof auditRecordViewSchema>;

export const auditPageSchema = z.object({
  items: z.array(auditRecordViewSchema),
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
  /** True when some replica did not answer in time: its records are missing from this page. */
  partial: z.boolean(),
});
export type AuditPage = z.output<typeof auditPageSchema>;

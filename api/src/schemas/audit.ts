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

/**
 * Operations people look for: changes (successful writes), checks (connection tests, dry runs:
 * POSTs that change nothing), sign-ins, refusals (9997/9998).
 */
export const auditPresets = ['changes', 'checks', 'signIns', 'refusals'] as const;

/** How a record is filed beyond its method: `check` for a call that changes nothing. */
export const auditCategories = ['check'] as const;
export type AuditPreset = (typeof auditPresets)[number];

/** Levels a record is kept at (docs/audit.md "Policy"). */
export const auditRecordLevels = ['Metadata', 'Request', 'RequestResponse'] as const;

const auditFilterFields = z.object({
  preset: z.enum(auditPresets).optional(),
  user: text(253).optional(),
  /** Organization uid, or the name of an organization that exists now. */
  organization: text(253).optional(),
  resource: text(128).optional(),
  /** The contract operation id (`installRelease`). */
  operation: text(64).optional(),
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
  /** Member calls: the cluster, namespace, kind (`pods` matches `pods/exec`) and name acted on. */
  cluster: text(253).optional(),
  namespace: text(253).optional(),
  kind: text(253).optional(),
  name: text(253).optional(),
});

const auditQueryFields = auditFilterFields.extend({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(maxAuditPageSize).default(20),
});
/** What a client sends (all optional; an empty value counts as absent). */
export type AuditQueryParams = z.input<typeof auditQueryFields>;

/** GET /audit.{host}/records: filters (AND), newest first, paged. */
export const auditQuery = z.preprocess(withoutEmpty, auditQueryFields);
export type AuditQueryInput = z.output<typeof auditQuery>;

export const auditExportFormats = ['csv', 'jsonl'] as const;
export type AuditExportFormat = (typeof auditExportFormats)[number];

const auditExportFields = auditFilterFields.extend({
  /** CSV (RFC 4180, a header row) or JSON lines, one record per line. */
  format: z.enum(auditExportFormats).default('jsonl'),
});
/** What a client sends to export (the list's filters, no paging). */
export type AuditExportParams = z.input<typeof auditExportFields>;

/** GET /audit.{host}/records/export: every matching record, newest first, streamed. */
export const auditExportQuery = z.preprocess(withoutEmpty, auditExportFields);
export type AuditExportInput = z.output<typeof auditExportQuery>;

/** One audited API call as the API shows it; credentials redacted. */
export const auditRecordViewSchema = z.object({
  id: z.string(),
  userName: z.string(),
  /** Name of the organization the call acted in; null for anonymous callers. */
  organization: z.string().nullable(),
  organizationUid: z.string().nullable(),
  resource: z.string(),
  /**
   * The contract operation the call matched (`installRelease`), which the console names in the
   * reader's language; null for calls that matched none and for records written before it.
   */
  operation: z.string().nullable(),
  /** `check`: a connection test or dry run, which changes nothing; null otherwise. */
  category: z.enum(auditCategories).nullable(),
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
  /** Redacted JSON text, possibly truncated; '' without a body and at Metadata level. */
  requestBody: z.string(),
  /** Redacted JSON text of the response data at RequestResponse level; '' otherwise. */
  responseBody: z.string(),
  /** The policy level the call was recorded at. */
  level: z.enum(auditRecordLevels),
  /** Member calls: where the call acted; null for other calls. */
  cluster: z.string().nullable(),
  namespace: z.string().nullable(),
  /** Resource as the path names it, a subresource after a slash: `namespaces`, `pods/exec`. */
  kind: z.string().nullable(),
  name: z.string().nullable(),
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

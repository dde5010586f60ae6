import type { RecordedLevel } from './policy.js';
import type { AuditTarget } from './target.js';

/** One audited API call, as stored. Times are epoch milliseconds. */
export interface AuditRecord extends AuditTarget {
  /** Unique across replicas, so pages merged from several stores never collide. */
  id: string;
  userName: string;
  /**
   * Organization NAME the call acted in, for display (see organizationUid): the owner of the
   * cluster a member call addresses; else the one the request addressed (an `:orgId` or
   * `:organizationId` path parameter, or `organizationId` in the body); else the caller's current
   * organization; null for anonymous callers, users without any organization and older records.
   */
  organization: string | null;
  /**
   * uid of that organization: its identity. Queries and visibility go by it, so a later
   * organization given the same name never sees these records. Null where organization is, and
   * in records written before uids were recorded.
   */
  organizationUid: string | null;
  /** Service and first path segment, e.g. `iam/users`. */
  resource: string;
  /** The contract operation the call matched (`installRelease`); null when it matched none. */
  operation: string | null;
  /** `check` for a connection test or a dry run (it changes nothing); null otherwise. */
  category: AuditCategory | null;
  method: string;
  requestTime: number;
  /** Path and query, with credential values redacted. */
  uri: string;
  httpStatus: number;
  /** Business code of the envelope; null when the response carried none (e.g. client gone). */
  code: number | null;
  message: string;
  handleTimeMs: number;
  /** Allow-listed request headers, credentials redacted. */
  requestHeader: Record<string, string>;
  /** Redacted JSON text of the request body, possibly truncated; '' without one or at Metadata. */
  requestBody: string;
  /** Redacted JSON text of the response data at RequestResponse level; '' otherwise. */
  responseBody: string;
  /** The policy level the call was recorded at; older records count as Request. */
  level: RecordedLevel;
}

/** The API shape: like the record, with an RFC 3339 request time. */
export type AuditRecordView = Omit<AuditRecord, 'requestTime'> & { requestTime: string };

/** The user name recorded for callers without a verified identity (failed or no sign-in). */
export const anonymous = '-';

export function toView(record: AuditRecord): AuditRecordView {
  return { ...record, requestTime: new Date(record.requestTime).toISOString() };
}

/** Operations people look for: changes, checks, sign-ins, refusals (9997/9998, 401/403). */
export const auditPresets = ['changes', 'checks', 'signIns', 'refusals'] as const;
export type AuditPreset = (typeof auditPresets)[number];
export type AuditCategory = 'check';

/** A position in the newest-first order: records strictly after it (older) follow. */
export interface AuditCursor {
  requestTime: number;
  id: string;
}

/** What a query may narrow on; every field is optional and they combine with AND. */
export interface AuditFilter {
  /** Only records of these organization uids (an organization administrator's reach); undefined = all. */
  organizationUids?: string[];
  /** Exactly this organization uid. */
  organizationUid?: string;
  user?: string;
  /** Exact contract operation id. */
  operation?: string;
  /** Exact resource, or a prefix ending at a segment: `iam` matches `iam/users`. */
  resource?: string;
  method?: string;
  httpStatus?: number;
  code?: number;
  from?: number;
  to?: number;
  preset?: AuditPreset;
  cluster?: string;
  namespace?: string;
  /** Exact kind, or a prefix ending at a segment: `pods` matches `pods/exec`. */
  kind?: string;
  name?: string;
  /** Only records older than this position (export pages). */
  after?: AuditCursor;
}

export interface RecordSlice {
  items: AuditRecord[];
  /** Matching records in the store(s), not just in this slice. */
  total: number;
}

/** Newest first; the id breaks ties so every store and the merge agree on one order. */
export function compareNewestFirst(a: AuditRecord, b: AuditRecord): number {
  if (a.requestTime !== b.requestTime) return b.requestTime - a.requestTime;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

import type { SQLInputValue, SQLOutputValue } from 'node:sqlite';
import type { RecordedLevel } from './policy.js';
import type { AuditFilter, AuditPreset, AuditRecord } from './record.js';

export interface WhereClause {
  sql: string;
  params: SQLInputValue[];
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** Fixed SQL per preset, read alike by SQLite and PostgreSQL: no value of the caller's goes into it. */
const presetSql: Record<AuditPreset, string> = {
  changes:
    "method IN ('POST', 'PUT', 'PATCH', 'DELETE') AND resource NOT LIKE 'auth/%' " +
    "AND http_status < 400 AND (code IS NULL OR code = 0) AND (category IS NULL OR category <> 'check')",
  checks: "category = 'check'",
  signIns: "resource = 'auth/login'",
  refusals: '(code IN (9997, 9998) OR http_status IN (401, 403))',
};

function segmentPrefix(
  conditions: string[],
  params: SQLInputValue[],
  column: string,
  value: string,
) {
  conditions.push(`(${column} = ? OR ${column} LIKE ? ESCAPE '\\')`);
  params.push(value, `${escapeLike(value)}/%`);
}

/**
 * The filter as SQL over the audit_records columns; values are always bound, never inlined.
 * Placeholders are `?` (SQLite); `numberedPlaceholders` turns them into PostgreSQL's `$n`.
 */
export function whereClause(filter: AuditFilter): WhereClause {
  const conditions: string[] = [];
  const params: SQLInputValue[] = [];
  const uids = filter.organizationUids;
  if (uids !== undefined) {
    if (uids.length === 0) conditions.push('0 = 1');
    else {
      conditions.push(`organization_uid IN (${uids.map(() => '?').join(', ')})`);
      params.push(...uids);
    }
  }
  if (filter.organizationUid !== undefined) {
    conditions.push('organization_uid = ?');
    params.push(filter.organizationUid);
  }
  if (filter.user !== undefined) {
    conditions.push('user_name = ?');
    params.push(filter.user);
  }
  if (filter.operation !== undefined) {
    conditions.push('operation = ?');
    params.push(filter.operation);
  }
  if (filter.resource !== undefined) segmentPrefix(conditions, params, 'resource', filter.resource);
  if (filter.method !== undefined) {
    conditions.push('method = ?');
    params.push(filter.method);
  }
  if (filter.httpStatus !== undefined) {
    conditions.push('http_status = ?');
    params.push(filter.httpStatus);
  }
  if (filter.code !== undefined) {
    conditions.push('code = ?');
    params.push(filter.code);
  }
  if (filter.from !== undefined) {
    conditions.push('request_time >= ?');
    params.push(filter.from);
  }
  if (filter.to !== undefined) {
    conditions.push('request_time <= ?');
    params.push(filter.to);
  }
  if (filter.preset !== undefined) conditions.push(presetSql[filter.preset]);
  for (const column of ['cluster', 'namespace', 'name'] as const) {
    const value = filter[column];
    if (value !== undefined) {
      conditions.push(`${column} = ?`);
      params.push(value);
    }
  }
  if (filter.kind !== undefined) segmentPrefix(conditions, params, 'kind', filter.kind);
  if (filter.after !== undefined) {
    conditions.push('(request_time < ? OR (request_time = ? AND id < ?))');
    params.push(filter.after.requestTime, filter.after.requestTime, filter.after.id);
  }
  return { sql: conditions.length ? `WHERE ${conditions.join(' AND ')}` : '', params };
}

export const recordColumns =
  'id, user_name, organization, organization_uid, resource, method, request_time, uri, http_status, code, message, ' +
  'handle_time_ms, request_header, request_body, response_body, level, cluster, namespace, kind, name, ' +
  'operation, category';

export function recordParams(record: AuditRecord): SQLInputValue[] {
  return [
    record.id,
    record.userName,
    record.organization,
    record.organizationUid,
    record.resource,
    record.method,
    record.requestTime,
    record.uri,
    record.httpStatus,
    record.code,
    record.message,
    record.handleTimeMs,
    JSON.stringify(record.requestHeader),
    record.requestBody,
    record.responseBody,
    record.level,
    record.cluster,
    record.namespace,
    record.kind,
    record.name,
    record.operation,
    record.category,
  ];
}

function text(value: SQLOutputValue | undefined): string {
  return typeof value === 'string' ? value : '';
}

function int(value: SQLOutputValue | undefined): number {
  return typeof value === 'number' || typeof value === 'bigint' ? Number(value) : 0;
}

const nullableText = (value: SQLOutputValue | undefined): string | null =>
  typeof value === 'string' ? value : null;

const levels: readonly RecordedLevel[] = ['Metadata', 'Request', 'RequestResponse'];
// Records from before levels were kept were recorded whole, i.e. at Request level.
const levelOf = (value: SQLOutputValue | undefined): RecordedLevel =>
  levels.find((level) => level === value) ?? 'Request';

function headers(value: SQLOutputValue | undefined): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(text(value) || '{}');
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

export function rowToRecord(row: Record<string, SQLOutputValue>): AuditRecord {
  return {
    id: text(row.id),
    userName: text(row.user_name),
    organization: nullableText(row.organization),
    organizationUid: nullableText(row.organization_uid),
    resource: text(row.resource),
    method: text(row.method),
    requestTime: int(row.request_time),
    uri: text(row.uri),
    httpStatus: int(row.http_status),
    code: row.code === null || row.code === undefined ? null : int(row.code),
    message: text(row.message),
    handleTimeMs: int(row.handle_time_ms),
    requestHeader: headers(row.request_header),
    requestBody: text(row.request_body),
    responseBody: text(row.response_body),
    level: levelOf(row.level),
    cluster: nullableText(row.cluster),
    namespace: nullableText(row.namespace),
    kind: nullableText(row.kind),
    name: nullableText(row.name),
    operation: nullableText(row.operation),
    category: row.category === 'check' ? 'check' : null,
  };
}

/** `?` placeholders as `$1`, `$2`…, from `first`; our SQL has no `?` inside a string literal. */
export function numberedPlaceholders(sql: string, first = 1): string {
  let next = first;
  return sql.replace(/\?/g, () => `$${next++}`);
}

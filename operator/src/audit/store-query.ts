import type { SQLInputValue, SQLOutputValue } from 'node:sqlite';
import type { AuditFilter, AuditRecord } from './record.js';

export interface WhereClause {
  sql: string;
  params: SQLInputValue[];
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** The filter as SQL over the audit_records columns; values are always bound, never inlined. */
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
  if (filter.resource !== undefined) {
    conditions.push("(resource = ? OR resource LIKE ? ESCAPE '\\')");
    params.push(filter.resource, `${escapeLike(filter.resource)}/%`);
  }
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
  return { sql: conditions.length ? `WHERE ${conditions.join(' AND ')}` : '', params };
}

export const recordColumns =
  'id, user_name, organization, organization_uid, resource, method, request_time, uri, http_status, code, message, ' +
  'handle_time_ms, request_header, request_body';

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
  ];
}

function text(value: SQLOutputValue | undefined): string {
  return typeof value === 'string' ? value : '';
}

function int(value: SQLOutputValue | undefined): number {
  return typeof value === 'number' || typeof value === 'bigint' ? Number(value) : 0;
}

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
    organization: typeof row.organization === 'string' ? row.organization : null,
    organizationUid: typeof row.organization_uid === 'string' ? row.organization_uid : null,
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
  };
}

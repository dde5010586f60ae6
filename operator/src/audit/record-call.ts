import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { auditHeaders } from './headers.js';
import type { AuditOrganization } from './organization.js';
import type { AuditRecord } from './record.js';
import { redactBody, redactText, redactUri, truncateUtf8 } from './redact.js';

export type AuditSink = (record: AuditRecord) => void;

const maxResourceBytes = 128;
const maxMessageBytes = 1024;
const maxUriBytes = 4096;

/**
 * `iam/users` for /v1/iam.{host}/users/alice: the service and the first path segment below it.
 * Paths outside that shape (scanners, typos) keep their first two segments so they stay findable.
 */
export function resourceOf(apiPath: string, host: string): string {
  const segments = apiPath.split('/').filter((segment) => segment !== '');
  const [version, serviceHost, first] = segments;
  const suffix = `.${host}`;
  let resource: string;
  if (version && /^v\d+$/.test(version) && serviceHost?.endsWith(suffix)) {
    const service = serviceHost.slice(0, -suffix.length);
    resource = first ? `${service}/${first}` : service;
  } else {
    resource = segments.slice(0, 2).join('/') || '-';
  }
  return truncateUtf8(redactText(resource), maxResourceBytes);
}

/**
 * One call as the audit sees it, whatever carried it (an HTTP request answered by a router, or
 * a WebSocket handshake answered by the upgrade handler).
 */
export interface AuditedCall {
  method: string;
  /** Path and query as the client sent them. */
  originalUrl: string;
  headers: IncomingHttpHeaders;
  /** The parsed body; undefined when none was parsed. */
  body: unknown;
  resource: string;
  requestTime: number;
  /** process.hrtime.bigint() when the call arrived. */
  start: bigint;
  userName: string;
  organization: AuditOrganization | null;
  httpStatus: number;
  code: number | null;
  message: string;
}

/** The redacted, bounded record of a call: no secret reaches the audit store. */
export function auditRecordOf(call: AuditedCall): AuditRecord {
  const context = { path: call.originalUrl.split('?')[0] ?? '' };
  const header = (name: string): string | undefined => {
    const value = call.headers[name];
    return Array.isArray(value) ? value.join(', ') : value;
  };
  return {
    id: randomUUID(),
    userName: call.userName,
    organization: call.organization?.name ?? null,
    organizationUid: call.organization?.uid ?? null,
    resource: call.resource,
    method: call.method,
    requestTime: call.requestTime,
    uri: truncateUtf8(redactUri(call.originalUrl, context), maxUriBytes),
    httpStatus: call.httpStatus,
    code: call.code,
    message: truncateUtf8(redactText(call.message), maxMessageBytes),
    handleTimeMs: Math.round(Number(process.hrtime.bigint() - call.start) / 1e6),
    requestHeader: auditHeaders(call.headers, context),
    requestBody: redactBody(call.body, context, {
      contentType: header('content-type'),
      contentLength: header('content-length'),
    }),
  };
}

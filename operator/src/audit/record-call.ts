import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { auditHeaders } from './headers.js';
import type { AuditOrganization } from './organization.js';
import type { AuditLevel, AuditPolicy, RecordedLevel } from './policy.js';
import { levelFor, outcomeOf } from './policy.js';
import type { AuditRecord } from './record.js';
import {
  maxBodyBytes,
  redactBody,
  redactText,
  redactUri,
  redactValue,
  truncateUtf8,
} from '../observability/redact.js';
import { isCheck } from './category.js';
import type { AuditTarget } from './target.js';
import { noTarget } from './target.js';

export type AuditSink = (record: AuditRecord) => void;
/** Takes a finished call, asks the policy, and sinks its record at that level (or none). */
export type AuditRecorder = (call: AuditedCall) => void;

const maxResourceBytes = 128;
const maxMessageBytes = 1024;
const maxUriBytes = 4096;
const maxOperationBytes = 64;

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
  /** The envelope's data, kept (redacted) only at RequestResponse level. */
  responseData?: unknown;
  /** A WebSocket stream (exec) rather than a plain call. */
  stream?: boolean;
  /** The member-cluster object a member call acted on. */
  target?: AuditTarget;
  /** The contract operation id the call matched. */
  operation?: string;
}

/** The level the policy gives a finished call. */
export function levelOfCall(policy: AuditPolicy, call: AuditedCall): AuditLevel {
  return levelFor(policy, {
    service: call.resource.split('/')[0] ?? '',
    resource: call.resource,
    method: call.method,
    outcome: outcomeOf(call.httpStatus, call.code),
    stream: call.stream === true,
    userName: call.userName,
  });
}

/** The recorder both doors (HTTP and WebSocket) use: policy first, then the redacted record. */
export function createAuditRecorder(policy: AuditPolicy, sink: AuditSink): AuditRecorder {
  return (call) => {
    const level = levelOfCall(policy, call);
    if (level !== 'None') sink(auditRecordOf(call, level));
  };
}

/** The redacted, bounded record of a call: no secret reaches the audit store. */
export function auditRecordOf(call: AuditedCall, level: RecordedLevel = 'Request'): AuditRecord {
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
    requestBody:
      level === 'Metadata'
        ? ''
        : redactBody(call.body, context, {
            contentType: header('content-type'),
            contentLength: header('content-length'),
          }),
    responseBody:
      level === 'RequestResponse' && call.responseData !== undefined
        ? truncateUtf8(JSON.stringify(redactValue(call.responseData, context)), maxBodyBytes)
        : '',
    level,
    ...(call.target ?? noTarget),
    operation:
      call.operation === undefined ? null : truncateUtf8(call.operation, maxOperationBytes),
    category: isCheck(call.operation, call.body) ? 'check' : null,
  };
}

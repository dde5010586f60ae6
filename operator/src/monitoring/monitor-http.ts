// How the operator speaks HTTP to a cluster's Prometheus or Alertmanager. Normally through the
// member API server's service proxy, over the member transport user calls use, as the caller:
// the member's RBAC (services/proxy) decides, and the address cannot leave that cluster. A
// direct URL (direct-http.ts) is what a system administrator may set instead.
import type { MonitorService } from '@nimbus/api';
import { serviceProxyId } from '@nimbus/api/shared';
import { MemberCallError } from '../member/transport/errors.js';
import type { MemberRequester } from '../clusters/member-client.js';

export type MonitorFailure =
  /** The address does not pass the outbound policy. */
  | 'refused'
  /** The member's RBAC refused the caller (HTTP 403 from its API server); the message is its reason. */
  | 'forbidden'
  /** No answer: connection failed, no endpoint behind the Service, or no such Service. */
  | 'unreachable'
  | 'timeout'
  /** The answer was larger than the caller's bound. */
  | 'too-large';

export class MonitorCallError extends Error {
  constructor(
    readonly failure: MonitorFailure,
    message: string,
  ) {
    super(message);
    this.name = 'MonitorCallError';
  }
}

export interface MonitorRequest {
  method: 'GET' | 'POST' | 'DELETE';
  /** Below the monitor's base, e.g. /api/v1/query. */
  path: string;
  query?: Record<string, string | undefined>;
  body?: unknown;
}

/** The monitor's own answer (never the member's: that one becomes a MonitorCallError). */
export interface MonitorAnswer {
  status: number;
  body: Buffer;
}

export interface MonitorHttp {
  request(
    request: MonitorRequest,
    limits: { timeoutMs: number; maxBytes: number },
  ): Promise<MonitorAnswer>;
}

export function pathWithQuery(request: Pick<MonitorRequest, 'path' | 'query'>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(request.query ?? {}))
    if (value !== undefined) search.set(key, value);
  const query = search.toString();
  return query === '' ? request.path : `${request.path}?${query}`;
}

/**
 * The service proxy path of a monitor Service, below the member API server's URL. The parts are
 * DNS labels, a port number and a scheme (the contract checks them), written as kubectl does.
 */
export function proxyBase(service: MonitorService): string {
  return `/api/v1/namespaces/${service.namespace}/services/${serviceProxyId(service)}/proxy`;
}

export function describeService(service: MonitorService): string {
  return `${service.namespace}/${service.name}:${service.port}`;
}

interface KubeStatus {
  kind?: unknown;
  apiVersion?: unknown;
  message?: unknown;
}

/** An answer the member API server gave itself (a Kubernetes Status), not the monitor. */
function memberStatus(body: Buffer): KubeStatus | undefined {
  if (body.length === 0 || body[0] !== 0x7b) return undefined;
  try {
    const parsed = JSON.parse(body.toString('utf8')) as KubeStatus;
    return parsed.kind === 'Status' && parsed.apiVersion === 'v1' ? parsed : undefined;
  } catch {
    return undefined;
  }
}

function refusal(status: number, reason: string, service: MonitorService): MonitorCallError {
  const where = `the Service ${describeService(service)}`;
  if (status === 401 || status === 403) return new MonitorCallError('forbidden', reason);
  if (status === 404)
    return new MonitorCallError('unreachable', `${where} was not found: ${reason}`);
  return new MonitorCallError('unreachable', `${where} did not answer: ${reason}`);
}

/** A monitor Service of the member, through its API server's service proxy, as the member's caller. */
export function serviceProxyHttp(member: MemberRequester, service: MonitorService): MonitorHttp {
  const base = proxyBase(service);
  return {
    async request(request, limits) {
      let answer;
      try {
        answer = await member.request({
          method: request.method,
          path: `${base}${pathWithQuery(request)}`,
          ...(request.body === undefined ? {} : { body: request.body }),
          timeoutMs: limits.timeoutMs,
          maxBytes: limits.maxBytes,
        });
      } catch (error) {
        if (!(error instanceof MemberCallError)) throw error;
        const failure =
          error.reason === 'timeout'
            ? 'timeout'
            : error.reason === 'too-large'
              ? 'too-large'
              : 'unreachable';
        throw new MonitorCallError(failure, `the member cluster: ${error.message}`);
      }
      const status = memberStatus(answer.body);
      if (status && answer.status >= 400) {
        const reason =
          typeof status.message === 'string' ? status.message : `HTTP ${answer.status}`;
        throw refusal(answer.status, reason.slice(0, 500), service);
      }
      return { status: answer.status, body: answer.body };
    },
  };
}

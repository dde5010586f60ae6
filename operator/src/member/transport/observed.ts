// Every member call counted, timed and traced per cluster (docs/metrics.md, docs/tracing.md),
// wrapped around a transport so the transport itself stays about sockets and deadlines.
import { X509Certificate } from 'node:crypto';
import type { ClusterConnection } from '../../clusters/providers/types.js';
import {
  memberCredentialExpiry,
  memberRequestDuration,
  memberRequestErrors,
} from '../../observability/metrics.js';
import { SpanKind, traced } from '../../observability/tracing.js';
import { MemberCallError } from './errors.js';
import type { MemberTransport } from './types.js';

/** A cluster being registered has no name yet. */
const unregistered = 'unregistered';

/** The path without its query: names of objects are fine in a span, selectors need not be. */
const pathOf = (path: string): string => path.split('?', 1)[0] ?? path;

/** When a registered cluster's client certificate expires goes on /metrics (alert: near expiry). */
function recordCertificateExpiry(cluster: string, connection: ClusterConnection): void {
  if (!('clientCertificateData' in connection.auth)) return;
  try {
    const pem = Buffer.from(connection.auth.clientCertificateData, 'base64');
    const notAfter = Date.parse(new X509Certificate(pem).validTo);
    if (Number.isFinite(notAfter)) memberCredentialExpiry.set({ cluster }, notAfter / 1000);
  } catch {
    // A certificate the API server accepted but Node cannot parse: nothing to report.
  }
}

export function observedCall(
  transport: MemberTransport,
  connection: ClusterConnection,
  name?: string,
): MemberTransport {
  const cluster = name ?? unregistered;
  if (name) recordCertificateExpiry(name, connection);
  const observe = async <T>(
    method: string,
    path: string,
    call: () => Promise<T>,
    statusOf: (answer: T) => number,
  ): Promise<T> => {
    const stopTimer = memberRequestDuration.startTimer({ cluster, method });
    const attributes = {
      'nimbus.cluster': cluster,
      'http.request.method': method,
      'url.path': pathOf(path),
    };
    return traced(
      `member ${method}`,
      attributes,
      async (span) => {
        try {
          const answer = await call();
          const code = statusOf(answer);
          span.setAttribute('http.response.status_code', code);
          stopTimer({ code: String(code) });
          return answer;
        } catch (error) {
          stopTimer({ code: '0' });
          const reason = error instanceof MemberCallError ? error.reason : 'refused';
          memberRequestErrors.inc({ cluster, reason });
          throw error;
        }
      },
      SpanKind.CLIENT,
    );
  };
  return {
    ...(transport.expiresAt ? { expiresAt: transport.expiresAt } : {}),
    request: (caller, request) =>
      observe(
        request.method ?? 'GET',
        request.path,
        () => transport.request(caller, request),
        (answer) => answer.status,
      ),
    stream: (caller, request) =>
      observe(
        request.method ?? 'GET',
        request.path,
        () => transport.stream(caller, request),
        (answer) => answer.status,
      ),
    upgrade: (caller, request) =>
      observe(
        'UPGRADE',
        request.path,
        () => transport.upgrade(caller, request),
        () => 101,
      ),
    close: () => transport.close(),
    retire: () => transport.retire(),
  };
}

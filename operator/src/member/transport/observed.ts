// Every member call counted, timed and traced per cluster (docs/metrics.md, docs/tracing.md),
// wrapped around a transport so the transport itself stays about sockets and deadlines.
import { X509Certificate } from 'node:crypto';
import type { ClusterConnection } from '../connection.js';
import { tokenTimes } from '../../core/token-times.js';
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

/** When a certificate (base64 PEM) expires, or undefined when Node cannot read it. */
function certificateExpiry(data: string): number | undefined {
  try {
    const notAfter = Date.parse(new X509Certificate(Buffer.from(data, 'base64')).validTo);
    return Number.isFinite(notAfter) ? notAfter : undefined;
  } catch {
    // A certificate the API server accepted but Node cannot parse: nothing to report.
    return undefined;
  }
}

/**
 * When a registered cluster's credential expires goes on /metrics (alerts: a manual one near
 * expiry, an automatic one not renewed). A connection with `expiresAt` is one Nimbus renews
 * itself before then; any other is what a person registered: a client certificate or a token
 * whose claims say when it expires.
 */
function recordCredentialExpiry(cluster: string, connection: ClusterConnection): void {
  const { auth, expiresAt } = connection;
  const renewal = expiresAt ? 'automatic' : 'manual';
  const at = expiresAt
    ? expiresAt.getTime()
    : 'clientCertificateData' in auth
      ? certificateExpiry(auth.clientCertificateData)
      : tokenTimes(auth.token)?.expiresAt;
  if (at === undefined) return;
  // A cluster whose credential changed kind (re-registered by command) keeps one series.
  memberCredentialExpiry.remove({ cluster, renewal: expiresAt ? 'manual' : 'automatic' });
  memberCredentialExpiry.set({ cluster, renewal }, at / 1000);
}

/** A cluster no longer registered has no credential to report (nor to alert on). */
export function forgetCredentialExpiry(cluster: string): void {
  memberCredentialExpiry.remove({ cluster, renewal: 'manual' });
  memberCredentialExpiry.remove({ cluster, renewal: 'automatic' });
}

export function observedCall(
  transport: MemberTransport,
  connection: ClusterConnection,
  name?: string,
): MemberTransport {
  const cluster = name ?? unregistered;
  if (name) recordCredentialExpiry(name, connection);
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

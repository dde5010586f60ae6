import { DeadlineExceeded } from './clock.js';

/** Why a member call failed, phrased for the person registering the cluster. */
export class MemberCallError extends Error {
  constructor(
    message: string,
    readonly reason: 'timeout' | 'network' | 'tls' | 'too-large',
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'MemberCallError';
  }
}

/** Maps a socket or TLS failure to the reason shown to the person registering the cluster. */
export function describeFailure(error: unknown, timeoutMs: number): MemberCallError {
  if (error instanceof MemberCallError) return error;
  if (error instanceof DeadlineExceeded) {
    return new MemberCallError(`no answer within ${timeoutMs / 1000} s`, 'timeout');
  }
  const code = (error as { code?: string }).code ?? '';
  if (code === 'ABORT_ERR' || (error as Error).name === 'AbortError') {
    return new MemberCallError(`no answer within ${timeoutMs / 1000} s`, 'timeout');
  }
  if (/CERT|SELF_SIGNED|TLS|SSL|ERR_TLS/.test(code)) {
    return new MemberCallError(`TLS verification failed (${code})`, 'tls', { cause: error });
  }
  const known: Record<string, string> = {
    ECONNREFUSED: 'connection refused',
    ECONNRESET: 'connection reset',
    EHOSTUNREACH: 'host unreachable',
    ENETUNREACH: 'network unreachable',
    ETIMEDOUT: 'connection timed out',
  };
  return new MemberCallError(known[code] ?? `network error${code ? ` (${code})` : ''}`, 'network', {
    cause: error,
  });
}

/** The member answered the upgrade with an HTTP status instead (403 when RBAC forbids it). */
export class MemberUpgradeRefused extends Error {
  constructor(
    readonly status: number,
    /** The start of the member's answer (a Kubernetes Status), for its message. */
    readonly body: Buffer = Buffer.alloc(0),
  ) {
    super(`the member refused the upgrade with HTTP ${status}`);
    this.name = 'MemberUpgradeRefused';
  }
}

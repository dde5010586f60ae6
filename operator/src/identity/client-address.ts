import type { Request } from 'express';

/**
 * The address a login attempt is counted against. X-Forwarded-For is only believed behind a
 * proxy the operator was told to trust, and then only its last hop (the one the proxy added).
 */
export function clientAddress(req: Request, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = req.get('X-Forwarded-For');
    const last = forwarded?.split(',').pop()?.trim();
    if (last) return last;
  }
  return req.socket.remoteAddress ?? 'unknown';
}

/** The host the client addressed, for the same-origin check. */
export function requestHost(req: Request, trustProxy: boolean): string | undefined {
  if (trustProxy) {
    const forwarded = req.get('X-Forwarded-Host')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  return req.get('Host');
}

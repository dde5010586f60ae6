import type { Request } from 'express';

/**
 * Which proxies in front of the operator are believed about the client (NIMBUS_TRUST_PROXY):
 * none (false), the nearest N hops, or hops from these addresses and CIDRs (or proxy-addr's
 * names loopback, linklocal, uniquelocal). Express's `trust proxy` setting takes it as is.
 */
export type TrustProxy = false | number | readonly string[];

/**
 * The address a login attempt is counted against: the TCP peer, or, behind trusted proxies, the
 * first X-Forwarded-For hop (from the right) that is not one of them (the app's trust proxy).
 */
export function clientAddress(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}

/** The host the client addressed (X-Forwarded-Host behind a trusted proxy), for same-origin. */
export function requestHost(req: Request): string | undefined {
  return req.host;
}

/** Whether the client reached the console over TLS (X-Forwarded-Proto behind a trusted proxy). */
export function isSecureRequest(req: Request): boolean {
  return req.secure;
}

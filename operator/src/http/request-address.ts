import type { Request } from 'express';
import type { ForwardedRequest } from '../identity/client-address.js';

type TrustFunction = (address: string, hop: number) => boolean;

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

/** The request as the untrusted-forwarding notice sees it (the app's trust proxy decides). */
export function forwardedOf(req: Request): ForwardedRequest {
  const peer = req.socket.remoteAddress ?? 'unknown';
  const trusted = req.app.get('trust proxy fn') as TrustFunction | undefined;
  return { headers: req.headers, peer, peerTrusted: trusted?.(peer, 0) === true };
}

/**
 * The console's origin as the browser addressed it (scheme and host, X-Forwarded-* only from a
 * trusted proxy): where an identity provider sends the browser back, and the hub address a
 * registration command calls.
 */
export function requestOrigin(req: Request): string {
  return `${isSecureRequest(req) ? 'https' : 'http'}://${requestHost(req) ?? 'localhost'}`;
}

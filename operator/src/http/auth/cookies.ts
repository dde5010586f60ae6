import type { Request, Response } from 'express';
import { isSecureRequest } from '../request-address.js';

/** The token and the user id also live in cookies prefixed with the product name. */
export const tokenCookie = 'nimbus_token';
export const userIdCookie = 'nimbus_user_id';
/**
 * Over TLS the cookies are Secure and carry the __Host- prefix: the browser then refuses them
 * from plain http and from a Domain attribute, so a sibling subdomain cannot plant a session.
 */
const securePrefix = '__Host-';

/** The cookie name as set and read for this request (prefixed over TLS). */
export function cookieName(req: Request, name: string): string {
  return isSecureRequest(req) ? `${securePrefix}${name}` : name;
}

export function readCookie(req: Request, name: string): string | undefined {
  const header = req.get('Cookie');
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1 || part.slice(0, separator).trim() !== name) continue;
    const value = part.slice(separator + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** The session token cookie; over TLS only the __Host- one counts. */
export function readTokenCookie(req: Request): string | undefined {
  return readCookie(req, cookieName(req, tokenCookie));
}

function cookieOptions(req: Request) {
  return { sameSite: 'strict', path: '/', secure: isSecureRequest(req) } as const;
}

export function setSessionCookies(
  req: Request,
  res: Response,
  session: { token: string; userId: string; expiresAt: Date },
): void {
  const common = { ...cookieOptions(req), expires: session.expiresAt };
  res.cookie(cookieName(req, tokenCookie), session.token, { ...common, httpOnly: true });
  // Readable by the console (it sends the user id header); not a credential.
  res.cookie(cookieName(req, userIdCookie), session.userId, common);
}

export function clearSessionCookies(req: Request, res: Response): void {
  const common = cookieOptions(req);
  res.clearCookie(cookieName(req, tokenCookie), { ...common, httpOnly: true });
  res.clearCookie(cookieName(req, userIdCookie), common);
}

import type { Request, Response } from 'express';
import { signInWindowSeconds } from '../../sso/pending-sign-in.js';
import { isSecureRequest } from '../request-address.js';
import { cookieName, readCookie } from './cookies.js';

/** The cookie a sign-in's sealed pending state travels in (sso/pending-sign-in.ts). */
const flowCookie = 'nimbus_sso';

/**
 * SameSite=Lax, not Strict like the session cookie: the browser comes back from the provider by
 * a cross-site navigation, and the console's callback page posts it from there.
 */
function options(req: Request) {
  return { httpOnly: true, sameSite: 'lax', path: '/', secure: isSecureRequest(req) } as const;
}

export function setFlowCookie(req: Request, res: Response, sealed: string): void {
  res.cookie(cookieName(req, flowCookie), sealed, {
    ...options(req),
    maxAge: signInWindowSeconds * 1000,
  });
}

export function readFlowCookie(req: Request): string | undefined {
  return readCookie(req, cookieName(req, flowCookie));
}

/** A sign-in attempt is used once, whatever its outcome. */
export function clearFlowCookie(req: Request, res: Response): void {
  res.clearCookie(cookieName(req, flowCookie), options(req));
}

import type { Request, Response } from 'express';

/** SPEC §7: the token and the user id also live in cookies prefixed with the product name. */
export const tokenCookie = 'nimbus_token';
export const userIdCookie = 'nimbus_user_id';

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

export function setSessionCookies(
  req: Request,
  res: Response,
  session: { token: string; userId: string; expiresAt: Date },
): void {
  const common = {
    sameSite: 'strict',
    path: '/',
    secure: req.secure,
    expires: session.expiresAt,
  } as const;
  res.cookie(tokenCookie, session.token, { ...common, httpOnly: true });
  // Readable by the console (it sends the user id header); not a credential.
  res.cookie(userIdCookie, session.userId, common);
}

export function clearSessionCookies(req: Request, res: Response): void {
  const common = { sameSite: 'strict', path: '/', secure: req.secure } as const;
  res.clearCookie(tokenCookie, { ...common, httpOnly: true });
  res.clearCookie(userIdCookie, common);
}

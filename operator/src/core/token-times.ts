/**
 * When a bearer token was issued and expires, from its JWT claims (`iat`, `exp`), read and not
 * verified: only to plan its renewal and report its expiry. ServiceAccount tokens from a
 * TokenRequest carry both; an opaque token or one without them answers undefined.
 */
export function tokenTimes(token: string): { issuedAt: number; expiresAt: number } | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
      iat?: unknown;
      exp?: unknown;
    };
    if (typeof claims.iat !== 'number' || typeof claims.exp !== 'number') return undefined;
    return { issuedAt: claims.iat * 1000, expiresAt: claims.exp * 1000 };
  } catch {
    return undefined;
  }
}

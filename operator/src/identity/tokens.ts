import { randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';

export const tokenAlgorithm = 'HS256';

export interface TokenClaims {
  /** User name. */
  sub: string;
  /** User uid. */
  uid: string;
  /** Session id = name of the Session resource. */
  jti: string;
  /** Expiry, seconds since the epoch. */
  exp: number;
  /** Set while the user must change the password first (contract code 1010). */
  mcp?: boolean;
}

export interface IssuedToken {
  token: string;
  claims: TokenClaims;
}

export function newSessionId(): string {
  return randomUUID();
}

export function signToken(
  key: Buffer,
  subject: { userName: string; userId: string; sessionId: string; mustChangePassword?: boolean },
  expiresAt: Date,
): IssuedToken {
  const claims: TokenClaims = {
    sub: subject.userName,
    uid: subject.userId,
    jti: subject.sessionId,
    exp: Math.floor(expiresAt.getTime() / 1000),
    ...(subject.mustChangePassword ? { mcp: true } : {}),
  };
  return { token: jwt.sign(claims, key, { algorithm: tokenAlgorithm }), claims };
}

/**
 * Verifies signature and expiry with HS256 only (alg=none and other algorithms are refused);
 * returns undefined for any invalid token, never the reason (the caller answers 9998 either way).
 */
export function verifyToken(
  key: Buffer,
  token: string,
  now: Date = new Date(),
): TokenClaims | undefined {
  let payload: unknown;
  try {
    payload = jwt.verify(token, key, {
      algorithms: [tokenAlgorithm],
      clockTimestamp: Math.floor(now.getTime() / 1000),
    });
  } catch {
    return undefined;
  }
  if (typeof payload !== 'object' || payload === null) return undefined;
  const { sub, uid, jti, exp, mcp } = payload as Record<string, unknown>;
  if (typeof sub !== 'string' || typeof uid !== 'string' || typeof jti !== 'string')
    return undefined;
  if (typeof exp !== 'number') return undefined;
  return { sub, uid, jti, exp, ...(mcp === true ? { mcp } : {}) };
}

import type { Response } from 'express';
import { ApiError, errors } from '../core/errors.js';
import type { Identity } from '../identity/identity.js';

/** The caller's identity lives in res.locals.identity, set once by the auth middleware. */
export function identityOf(res: Response): Identity | undefined {
  const identity: unknown = (res.locals as Record<string, unknown>).identity;
  return identity === undefined ? undefined : (identity as Identity);
}

/** The caller's identity; anonymous callers get 9998 (log in again). */
export function requireIdentity(res: Response): Identity {
  const identity = identityOf(res);
  if (!identity) throw new ApiError(errors.tokenInvalid);
  return identity;
}

export function setIdentity(res: Response, identity: Identity): void {
  (res.locals as Record<string, unknown>).identity = identity;
}

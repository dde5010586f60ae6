import type { Request, RequestHandler } from 'express';
import { ApiError, errors } from '../../core/errors.js';
import type { UserObject } from '../../hub/store.js';
import { buildIdentity } from '../../identity/build-identity.js';
import { forwardedOf, requestHost } from '../request-address.js';
import { readTokenCookie } from './cookies.js';
import type { CredentialSource } from '../../identity/csrf.js';
import { csrfAllows, requestedWithHeader } from '../../identity/csrf.js';
import type { Identity } from '../../identity/identity.js';
import { setIdentity } from '../identity-locals.js';
import type { IdentityServices } from '../../identity/services.js';
import { authenticateSignature, hasSignatureHeaders } from './signature-auth.js';
import { signatureHeaders } from '../../identity/signature.js';

export const clientHeaders = {
  userId: 'X-Nimbus-User-Id',
  userName: 'X-Nimbus-User-Name',
  organization: 'X-Nimbus-Organization',
} as const;

export interface AuthPaths {
  /** Full paths (e.g. /api/v1/auth.nimbus.io/login) that answer without a session. */
  publicPaths: readonly string[];
  publicPrefixes: readonly string[];
  /** Public paths with parameters (e.g. a provider's name), as whole-path patterns. */
  publicPatterns: readonly RegExp[];
  /** Whether a request is one the bootstrap admin may make before changing the password. */
  allowedBeforePasswordChange: (req: Request, identity: Identity) => boolean;
}

interface Presented {
  source: CredentialSource;
  token?: string;
}

function presentedCredential(req: Request): Presented {
  const authorization = req.get('Authorization');
  if (authorization !== undefined) {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization);
    return { source: 'authorization', ...(match?.[1] ? { token: match[1] } : {}) };
  }
  const cookie = readTokenCookie(req);
  if (cookie) return { source: 'cookie', token: cookie };
  if (hasSignatureHeaders(req)) return { source: 'signature' };
  return { source: 'none' };
}

function pathOf(req: Request): string {
  const path = req.originalUrl.split('?')[0] ?? '';
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** Client-sent identity headers must agree with the credential, else the client is confused. */
function checkClientHeaders(req: Request, user: UserObject): void {
  const userId = req.get(clientHeaders.userId);
  const userName = req.get(clientHeaders.userName);
  if (userId && userId !== user.metadata.uid) throw new ApiError(errors.tokenInvalid);
  if (userName && userName !== user.metadata.name) throw new ApiError(errors.tokenInvalid);
}

/** What authenticateCall concluded: who calls, and which credential they presented. */
export interface Authenticated {
  /** Undefined for an anonymous caller on a public path. */
  identity: Identity | undefined;
  source: CredentialSource;
}

/**
 * The one authentication of the API, a plain function so the HTTP middleware and the WebSocket
 * upgrade handler run the same checks: CSRF for state-changing requests, then the session token
 * (Authorization: Bearer, else the nimbus_token cookie) or an AK/SK signature. Anonymous callers
 * pass on public paths only (9998 elsewhere).
 */
export async function authenticateCall(
  services: IdentityServices,
  paths: AuthPaths,
  req: Request,
): Promise<Authenticated> {
  services.forwarding.check(forwardedOf(req));
  const presented = presentedCredential(req);
  const csrf = {
    method: req.method,
    secFetchSite: req.get('Sec-Fetch-Site'),
    origin: req.get('Origin'),
    host: requestHost(req),
    source: presented.source,
    hasRequestedWithHeader: req.get(requestedWithHeader) !== undefined,
  };
  if (!csrfAllows(csrf)) throw new ApiError(errors.csrfRejected);

  const path = pathOf(req);
  const isPublic =
    paths.publicPaths.includes(path) ||
    paths.publicPrefixes.some((p) => path.startsWith(p)) ||
    paths.publicPatterns.some((pattern) => pattern.test(path));
  const identity = await identify(services, req, presented).catch((error: unknown) => {
    // A stale token must not lock anyone out of the login page.
    if (isPublic && presented.source !== 'signature') return undefined;
    throw error;
  });
  if (identity) {
    if (identity.mustChangePassword && !paths.allowedBeforePasswordChange(req, identity)) {
      throw new ApiError(errors.passwordChangeRequired);
    }
  } else if (!isPublic) {
    throw new ApiError(errors.tokenInvalid);
  }
  return { identity, source: presented.source };
}

/** authenticateCall in front of every API router; the caller's Identity goes to res.locals. */
export function authenticate(services: IdentityServices, paths: AuthPaths): RequestHandler {
  return async (req, res, next) => {
    try {
      const { identity } = await authenticateCall(services, paths, req);
      if (identity) setIdentity(res, identity);
      next();
    } catch (error) {
      next(error);
    }
  };
}

async function identify(
  services: IdentityServices,
  req: Request,
  presented: Presented,
): Promise<Identity | undefined> {
  const requestedOrganization = req.get(clientHeaders.organization);
  const org = requestedOrganization ? { requestedOrganization } : {};
  if (presented.source === 'none') return undefined;
  if (presented.source === 'signature') {
    const user = await authenticateSignature(services, req);
    checkClientHeaders(req, user);
    const accessKey = req.get(signatureHeaders.accessKey) ?? '';
    return buildIdentity(services.store, user, { via: 'signature', accessKey, ...org });
  }
  const verified = presented.token ? await services.sessions.verify(presented.token) : undefined;
  if (!verified) throw new ApiError(errors.tokenInvalid);
  checkClientHeaders(req, verified.user);
  return buildIdentity(services.store, verified.user, {
    via: 'session',
    sessionId: verified.claims.jti,
    mustChangePassword: verified.claims.mcp === true,
    ...org,
  });
}

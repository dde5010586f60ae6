import { Router } from 'express';
import type { Request } from 'express';
import { z } from 'zod';
import { registerUser } from '../../identity/accounts.js';
import { clientAddress } from '../../identity/client-address.js';
import { clearSessionCookies, setSessionCookies } from '../../identity/cookies.js';
import type { Credentials } from '../../identity/credentials.js';
import { readCredentials } from '../../identity/credentials.js';
import { identityOf } from '../../identity/identity.js';
import { consumeMfaCode } from '../../identity/mfa.js';
import { passwordMaxLength, registerBody } from '../../identity/rules.js';
import type { IdentityServices } from '../../identity/services.js';
import { ApiError, errors } from '../../core/errors.js';
import { handle } from '../respond.js';
import { parseInput } from '../../core/validate.js';
import type { UserObject } from '../../hub/store.js';

const loginBody = z.object({
  userName: z.string().trim().min(1).max(253),
  password: z.string().min(1).max(passwordMaxLength),
  mfaCode: z.string().trim().max(16).optional(),
});

export interface RegisteredUser {
  uuid: string;
  userName: string;
}

export interface LoginResult {
  token: string;
  userId: string;
  userName: string;
  expiresAt: string;
  /** The bootstrap admin must change the generated password before anything else (1010). */
  mustChangePassword: boolean;
}

/** POST /auth.{host}/register, /login and /logout. */
export function authRouter(services: IdentityServices): Router {
  const router = Router();

  router.post(
    '/register',
    handle(async (req): Promise<RegisteredUser> => {
      const body = parseInput(registerBody, req.body);
      const user = await registerUser(services, clientAddress(req), {
        userName: body.userName,
        spec: { email: body.email, ...(body.name ? { displayName: body.name } : {}) },
        password: body.password,
      });
      return { uuid: user.metadata.uid, userName: user.metadata.name };
    }),
  );

  router.post(
    '/login',
    handle(async (req, res): Promise<LoginResult> => {
      const body = parseInput(loginBody, req.body);
      const result = await login(services, req, body);
      setSessionCookies(req, res, {
        token: result.token,
        userId: result.userId,
        expiresAt: new Date(result.expiresAt),
      });
      return result;
    }),
  );

  router.post(
    '/logout',
    handle(async (req, res) => {
      const sessionId = identityOf(res)?.sessionId;
      if (sessionId) await services.sessions.revoke(sessionId);
      clearSessionCookies(req, res);
      return null;
    }),
  );
  return router;
}

async function login(
  services: IdentityServices,
  req: Request,
  body: z.output<typeof loginBody>,
): Promise<LoginResult> {
  const from = clientAddress(req);
  // Counted before the (slow) hash, so concurrent guesses cannot slip past the count.
  const reservation = await services.throttle.reserve(body.userName, from);
  try {
    const { user, credentials } = await verifyLogin(services, body);
    await reservation.succeeded();
    const mustChangePassword = credentials.mustChangePassword === true;
    const session = await services.sessions.issue(user, { mustChangePassword });
    return {
      token: session.token,
      userId: user.metadata.uid,
      userName: user.metadata.name,
      expiresAt: session.expiresAt.toISOString(),
      mustChangePassword,
    };
  } catch (error) {
    if (!isFailedGuess(error)) await reservation.release();
    throw error;
  }
}

const isFailedGuess = (error: unknown): boolean =>
  error instanceof ApiError &&
  (error.entry === errors.badCredentials || error.entry === errors.mfaInvalid);

/** The user whose password (and MFA code, when bound) the body proves; 1007/1008/1009 else. */
async function verifyLogin(
  services: IdentityServices,
  body: z.output<typeof loginBody>,
): Promise<{ user: UserObject; credentials: Credentials }> {
  const user = await services.store.users.fetch(body.userName);
  const credentials = user ? await readCredentials(services.store, user) : {};
  const valid = credentials.passwordHash
    ? await services.passwords.verify(body.password, credentials.passwordHash)
    : await services.passwords.verifyNothing(body.password);
  if (!user || !valid) throw new ApiError(errors.badCredentials);
  if (user.spec.mfaEnabled) {
    if (!body.mfaCode) throw new ApiError(errors.mfaRequired);
    await consumeMfaCode(services, user, body.mfaCode);
  }
  return { user, credentials };
}

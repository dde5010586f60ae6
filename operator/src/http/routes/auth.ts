import { Router } from 'express';
import type { Request } from 'express';
import { z } from 'zod';
import { createUser } from '../../identity/accounts.js';
import { clientAddress } from '../../identity/client-address.js';
import { clearSessionCookies, setSessionCookies } from '../../identity/cookies.js';
import { readCredentials } from '../../identity/credentials.js';
import { identityOf } from '../../identity/identity.js';
import { consumeMfaCode } from '../../identity/mfa.js';
import { passwordMaxLength, registerBody } from '../../identity/rules.js';
import type { IdentityServices } from '../../identity/services.js';
import { ApiError, errors } from '../errors.js';
import { handle } from '../respond.js';
import { parseInput } from '../validate.js';

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
      const user = await createUser(services, {
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
  const { account, address } = services.limits;
  const from = clientAddress(req, services.settings.trustProxy);
  await Promise.all([account.check(body.userName), address.check(from)]);

  const user = await services.store.users.fetch(body.userName);
  const credentials = user ? await readCredentials(services.store, user) : {};
  const valid = credentials.passwordHash
    ? await services.passwords.verify(body.password, credentials.passwordHash)
    : await services.passwords.verifyNothing(body.password);
  const failed = async (entry: typeof errors.badCredentials): Promise<never> => {
    await Promise.all([account.recordFailure(body.userName), address.recordFailure(from)]);
    throw new ApiError(entry);
  };
  if (!user || !valid) return failed(errors.badCredentials);

  if (user.spec.mfaEnabled) {
    if (!body.mfaCode) throw new ApiError(errors.mfaRequired);
    await consumeMfaCode(services, user, body.mfaCode).catch(async (error: unknown) => {
      if (error instanceof ApiError && error.entry === errors.mfaInvalid)
        await failed(errors.mfaInvalid);
      throw error;
    });
  }
  await account.reset(body.userName);
  const mustChangePassword = credentials.mustChangePassword === true;
  const session = await services.sessions.issue(user, { mustChangePassword });
  return {
    token: session.token,
    userId: user.metadata.uid,
    userName: user.metadata.name,
    expiresAt: session.expiresAt.toISOString(),
    mustChangePassword,
  };
}

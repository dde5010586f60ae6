import { registerUser } from '../../identity/accounts.js';
import { clientAddress } from '../../identity/client-address.js';
import { clearSessionCookies, setSessionCookies } from '../../identity/cookies.js';
import { identityOf, requireIdentity } from '../../identity/identity.js';
import { login } from '../../identity/login.js';
import { bindMfa, generateMfaSecret, ownMfaUser, unbindMfa } from '../../identity/mfa.js';
import type { IdentityServices } from '../../identity/services.js';
import type { Implementation } from '../contract/implement.js';
import { implement } from '../contract/implement.js';

/** POST /auth.{host}/register, /login and /logout (SPEC §7 "Auth"). */
export function authEndpoints(services: IdentityServices): Implementation[] {
  return [
    implement('register', async ({ body }, { req }) => {
      const user = await registerUser(services, clientAddress(req), {
        userName: body.userName,
        spec: { email: body.email, ...(body.name ? { displayName: body.name } : {}) },
        password: body.password,
      });
      return { uuid: user.metadata.uid, userName: user.metadata.name };
    }),
    implement('login', async ({ body }, { req, res }) => {
      const result = await login(services, clientAddress(req), body);
      setSessionCookies(req, res, {
        token: result.token,
        userId: result.userId,
        expiresAt: new Date(result.expiresAt),
      });
      return result;
    }),
    implement('logout', async (_input, { req, res }) => {
      const sessionId = identityOf(res)?.sessionId;
      if (sessionId) await services.sessions.revoke(sessionId);
      clearSessionCookies(req, res);
      return null;
    }),
  ];
}

/** PUT and DELETE /iam.{host}/users/{userName}/mfa: only the user themself, only with MFA on. */
export function mfaEndpoints(services: IdentityServices): Implementation[] {
  return [
    implement('setUpMfa', async ({ params, body }, { res }) => {
      const user = await ownMfaUser(services, params.userName, requireIdentity(res).userName);
      if (body.action === 'generate') return generateMfaSecret(services, user);
      await bindMfa(services, user, body.code);
      return null;
    }),
    implement('unbindMfa', async ({ params, body }, { res }) => {
      const user = await ownMfaUser(services, params.userName, requireIdentity(res).userName);
      await unbindMfa(services, user, body.code);
      return null;
    }),
  ];
}

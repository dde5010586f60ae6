import { ApiError, errors } from '../../core/errors.js';
import { registerUser } from '../../identity/accounts.js';
import { clientAddress, requestOrigin } from '../request-address.js';
import { clearSessionCookies, setSessionCookies } from '../auth/cookies.js';
import { identityOf, requireIdentity } from '../identity-locals.js';
import { login } from '../../identity/login.js';
import { bindMfa, generateMfaSecret, ownMfaUser, unbindMfa } from '../../identity/mfa.js';
import type { IdentityServices } from '../../identity/services.js';
import type { SingleSignOnDeps } from '../../sso/sign-in.js';
import { providerLogoutUrl } from '../../sso/sign-in.js';
import type { Implementation } from '../contract/implement.js';
import { implement } from '../contract/implement.js';

/** 1008 asks for the second factor: a step of a sign-in, not a failed one. */
const isFailure = (error: unknown): boolean =>
  !(error instanceof ApiError && error.entry === errors.mfaRequired);

/** POST /auth.{host}/register, /login and /logout. */
export function authEndpoints(services: IdentityServices, sso: SingleSignOnDeps): Implementation[] {
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
      const result = await login(services, clientAddress(req), body).catch((error: unknown) => {
        if (isFailure(error)) services.signIns.count('password', 'failure');
        throw error;
      });
      services.signIns.count('password', 'success');
      setSessionCookies(req, res, {
        token: result.token,
        userId: result.userId,
        expiresAt: new Date(result.expiresAt),
      });
      return result;
    }),
    implement('logout', async (_input, { req, res }) => {
      const sessionId = identityOf(res)?.sessionId;
      const session = sessionId ? await services.store.sessions.fetch(sessionId) : undefined;
      if (sessionId) await services.sessions.revoke(sessionId);
      clearSessionCookies(req, res);
      // After single sign-on the provider's session lives on: offer its own sign-out.
      const provider = session?.spec.identityProvider;
      const url = provider ? await providerLogoutUrl(sso, provider, requestOrigin(req)) : undefined;
      const label = provider ? sso.store.identityProviders.get(provider)?.spec.displayName : '';
      return url ? { providerLogoutUrl: url, providerName: label ?? provider } : {};
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

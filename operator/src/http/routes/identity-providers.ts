import { requestOrigin } from '../request-address.js';
import { setSessionCookies } from '../auth/cookies.js';
import { requireIdentity, setIdentity } from '../identity-locals.js';
import { buildIdentity } from '../../identity/build-identity.js';
import type { IdentityServices } from '../../identity/services.js';
import {
  createIdentityProvider,
  deleteIdentityProvider,
  listIdentityProviders,
  updateIdentityProvider,
} from '../../sso/admin.js';
import { clearFlowCookie, readFlowCookie, setFlowCookie } from '../auth/flow-cookie.js';
import type { SingleSignOnDeps } from '../../sso/sign-in.js';
import { finishSignIn, signInOptions, startSignIn } from '../../sso/sign-in.js';
import type { Implementation } from '../contract/implement.js';
import { implement } from '../contract/implement.js';

/** Single sign-on (the login screen's side) and the providers' administration. */
export function identityProviderEndpoints(
  identity: IdentityServices,
  sso: SingleSignOnDeps,
): Implementation[] {
  return [
    implement('listSignInOptions', () => signInOptions(sso)),
    implement('startSignIn', async ({ params }, { req, res }) => {
      const started = await startSignIn(sso, params.name, requestOrigin(req));
      setFlowCookie(req, res, started.sealed);
      return { authorizationUrl: started.authorizationUrl };
    }),
    implement('finishSignIn', async ({ body }, { req, res }) => {
      // One attempt per start, whatever happens next.
      const sealed = readFlowCookie(req);
      clearFlowCookie(req, res);
      try {
        const { result, user } = await finishSignIn(sso, sealed, body);
        setSessionCookies(req, res, { ...result, expiresAt: new Date(result.expiresAt) });
        // The audit record names who signed in, as a password sign-in's does.
        setIdentity(res, buildIdentity(identity.store, user, { via: 'session' }));
        identity.signIns.count('oidc', 'success');
        return result;
      } catch (error) {
        identity.signIns.count('oidc', 'failure');
        throw error;
      }
    }),
    implement('listIdentityProviders', (_input, { req, res }) =>
      listIdentityProviders(sso, requireIdentity(res), requestOrigin(req)),
    ),
    implement('createIdentityProvider', ({ body }, { req, res }) =>
      createIdentityProvider(sso, requireIdentity(res), body, requestOrigin(req)),
    ),
    implement('updateIdentityProvider', ({ params, body }, { req, res }) =>
      updateIdentityProvider(sso, requireIdentity(res), params.name, body, requestOrigin(req)),
    ),
    implement('deleteIdentityProvider', ({ params }, { res }) =>
      deleteIdentityProvider(sso, requireIdentity(res), params.name),
    ),
  ];
}

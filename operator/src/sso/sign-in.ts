import { timingSafeEqual } from 'node:crypto';
import type { LoginResult } from '@nimbus/api';
import { signInCallbackPath, signedOutPath } from '@nimbus/api/shared';
import * as oidc from 'openid-client';
import { ApiError } from '../core/errors.js';
import { notFound } from '../core/problems.js';
import type { HubStore, IdentityProviderObject, UserObject } from '../hub/store.js';
import type { SessionManager } from '../identity/sessions.js';
import { refused, signInUser } from './accounts.js';
import { ProfileError, profileOf } from './claims.js';
import type { PendingSignIn } from './pending-sign-in.js';
import { open, seal, signInWindowSeconds } from './pending-sign-in.js';
import { ProviderCallError } from './outbound-fetch.js';
import type { ProviderClients } from './provider-client.js';
import { unreachable } from './provider-client.js';

export interface SingleSignOnDeps {
  store: Pick<
    HubStore,
    'identityProviders' | 'users' | 'userGroups' | 'organizations' | 'clusters' | 'secrets'
  >;
  sessions: SessionManager;
  clients: ProviderClients;
  /** Seals the pending sign-in in the browser's cookie (flow-cookie.ts). */
  flowKey: Buffer;
  now?: () => number;
}

const usable = (provider: IdentityProviderObject | undefined): provider is IdentityProviderObject =>
  provider !== undefined &&
  provider.spec.enabled &&
  provider.metadata.deletionTimestamp === undefined;

/** The login screen's buttons: enabled providers, by label. */
export function signInOptions(deps: Pick<SingleSignOnDeps, 'store'>) {
  const items = deps.store.identityProviders
    .list(usable)
    .map((p) => ({ name: p.metadata.name, displayName: p.spec.displayName }))
    .sort((a, b) => a.displayName.localeCompare(b.displayName));
  return { items };
}

/** `origin` is the console's own (scheme and host the browser used): the provider returns there. */
export async function startSignIn(
  deps: SingleSignOnDeps,
  name: string,
  origin: string,
): Promise<{ authorizationUrl: string; sealed: string }> {
  const provider = deps.store.identityProviders.get(name);
  if (!usable(provider)) throw notFound(`identity provider ${name}`);
  const config = await deps.clients.configuration(provider);
  const pending: PendingSignIn = {
    provider: name,
    providerUid: provider.metadata.uid,
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
    verifier: oidc.randomPKCECodeVerifier(),
    redirectUri: `${origin}${signInCallbackPath}`,
    expiresAt: (deps.now ?? Date.now)() + signInWindowSeconds * 1000,
  };
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: pending.redirectUri,
    scope: provider.spec.scopes.join(' '),
    code_challenge: await oidc.calculatePKCECodeChallenge(pending.verifier),
    code_challenge_method: 'S256',
    state: pending.state,
    nonce: pending.nonce,
  });
  return { authorizationUrl: url.href, sealed: seal(deps.flowKey, pending) };
}

export interface CallbackInput {
  state: string;
  code?: string | undefined;
  iss?: string | undefined;
  error?: string | undefined;
  error_description?: string | undefined;
}

const sameText = (a: string, b: string): boolean => {
  const [x, y] = [Buffer.from(a), Buffer.from(b)];
  return x.length === y.length && timingSafeEqual(x, y);
};

/** The words of a failed exchange: ours, or the checks' own (which quote no secret). */
function exchangeFailure(provider: string, error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const cause = error instanceof Error ? error.cause : undefined;
  if (error instanceof ProviderCallError || cause instanceof ProviderCallError) {
    return unreachable(provider, error);
  }
  if (error instanceof oidc.ResponseBodyError || error instanceof oidc.AuthorizationResponseError) {
    return refused(`the identity provider answered ${error.error}`);
  }
  if (error instanceof oidc.ClientError) {
    const detail = cause instanceof Error ? cause.message : error.message;
    return refused(`the provider's answer failed a check: ${detail}`);
  }
  return unreachable(provider, error);
}

/**
 * Completes the authorization code flow the browser came back with: the state must be the one
 * sealed in this browser's cookie; openid-client then redeems the code with the PKCE verifier
 * and checks the ID token (signature against the issuer's keys, issuer, audience, expiry, nonce).
 * Userinfo fills in claims the ID token left out. The user is signed in with a session of
 * their own, marked with the provider for sign-out.
 */
export async function finishSignIn(
  deps: SingleSignOnDeps,
  sealed: string | undefined,
  input: CallbackInput,
): Promise<{ result: LoginResult; user: UserObject; provider: string }> {
  const pending = sealed ? open(deps.flowKey, sealed, (deps.now ?? Date.now)()) : undefined;
  if (!pending)
    throw refused('no sign-in of this browser is in progress (or it expired); start again');
  if (!sameText(input.state, pending.state)) {
    throw refused('the state does not match the sign-in this browser started');
  }
  const provider = deps.store.identityProviders.get(pending.provider);
  if (!usable(provider) || provider.metadata.uid !== pending.providerUid) {
    throw refused(`the identity provider ${pending.provider} is no longer available`);
  }
  if (input.error) {
    throw refused(
      `the identity provider answered ${input.error}${input.error_description ? `: ${input.error_description}` : ''}`,
    );
  }
  if (!input.code) throw refused('the identity provider sent no authorization code');
  const config = await deps.clients.configuration(provider);
  const callback = new URL(pending.redirectUri);
  callback.searchParams.set('code', input.code);
  callback.searchParams.set('state', input.state);
  if (input.iss !== undefined) callback.searchParams.set('iss', input.iss);
  let claims: Record<string, unknown>;
  try {
    const tokens = await oidc.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: pending.verifier,
      expectedState: pending.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    const verified = tokens.claims();
    if (!verified) throw refused('the identity provider sent no ID token');
    claims = { ...verified };
    if (config.serverMetadata().userinfo_endpoint) {
      const info = await oidc.fetchUserInfo(config, tokens.access_token, verified.sub);
      // The verified ID token wins over userinfo where both say something.
      claims = { ...info, ...verified };
    }
  } catch (error) {
    throw exchangeFailure(provider.metadata.name, error);
  }
  let profile;
  try {
    profile = profileOf(provider, claims);
  } catch (error) {
    if (error instanceof ProfileError) throw refused(error.message);
    throw error;
  }
  const user = await signInUser(deps.store, provider, profile);
  const session = await deps.sessions.issue(user, { identityProvider: provider.metadata.name });
  return {
    provider: provider.metadata.name,
    user,
    result: {
      token: session.token,
      userId: user.metadata.uid,
      userName: user.metadata.name,
      expiresAt: session.expiresAt.toISOString(),
      mustChangePassword: false,
    },
  };
}

/**
 * The provider's own sign-out (RP-initiated logout), offered after the Nimbus session ended;
 * undefined when the provider is gone or publishes no end_session_endpoint.
 */
export async function providerLogoutUrl(
  deps: SingleSignOnDeps,
  name: string,
  origin: string,
): Promise<string | undefined> {
  const provider = deps.store.identityProviders.get(name);
  if (!provider) return undefined;
  try {
    const config = await deps.clients.configuration(provider);
    if (!config.serverMetadata().end_session_endpoint) return undefined;
    return oidc.buildEndSessionUrl(config, {
      client_id: provider.spec.clientId,
      post_logout_redirect_uri: `${origin}${signedOutPath}`,
    }).href;
  } catch {
    return undefined;
  }
}

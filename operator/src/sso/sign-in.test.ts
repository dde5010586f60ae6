import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../core/errors.js';
import { createSessionManager } from '../identity/sessions.js';
import type { ForgingIssuer } from '../testing/fakes/oidc-issuer-fake.js';
import { forgeries, startForgingIssuer } from '../testing/fakes/oidc-issuer-fake.js';
import type { MemoryHubStore } from '../testing/memory-store.js';
import { createMemoryStore } from '../testing/memory-store.js';
import { flowKey } from '../identity/session-key.js';
import { createProviderClients } from './provider-client.js';
import type { SingleSignOnDeps } from './sign-in.js';
import { finishSignIn, startSignIn } from './sign-in.js';

const origin = 'http://console.example';
let issuer: ForgingIssuer;
let store: MemoryHubStore;
let deps: SingleSignOnDeps;

async function addProvider(name: string, issuerUrl: string, clientSecret: string) {
  await store.identityProviders.create({
    metadata: { name },
    spec: { displayName: name, issuer: issuerUrl, clientId: 'nimbus' },
  });
  await store.secrets.create({
    name: `nimbus-identity-provider-${name}`,
    data: { clientSecret },
  });
}

// Two RSA key pairs: made once for the file.
beforeAll(async () => {
  issuer = await startForgingIssuer();
}, 60_000);

afterAll(async () => {
  await issuer.close();
});

beforeEach(async () => {
  issuer.forgery = 'valid';
  issuer.tokenRequests.length = 0;
  store = createMemoryStore();
  await addProvider('corp', issuer.issuer, issuer.clientSecret);
  deps = {
    store,
    sessions: createSessionManager({ store, key: randomBytes(32), ttlSeconds: 600 }),
    clients: createProviderClients({ store, policy: { allowHosts: ['127.0.0.1'] } }),
    flowKey: flowKey(randomBytes(32)),
  };
});

/** The browser's round trip: start, the provider's redirect back, then the callback. */
async function signIn(
  change: (params: Record<string, string>) => Record<string, string> = (p) => p,
) {
  const started = await startSignIn(deps, 'corp', origin);
  const response = await fetch(started.authorizationUrl, { redirect: 'manual' });
  const back = new URL(response.headers.get('location') ?? '');
  expect(`${back.origin}${back.pathname}`).toBe(`${origin}/login/callback`);
  const params = change(Object.fromEntries(back.searchParams));
  return finishSignIn(deps, started.sealed, { state: params.state ?? '', code: params.code });
}

async function refusal(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('the authorization code flow with an OpenID provider', () => {
  it('signs the user in with PKCE and creates them linked to issuer and subject', async () => {
    const { result, user } = await signIn();
    expect(result.userName).toBe('forged-user');
    expect(issuer.tokenRequests).toEqual([{ pkce: true }]);
    expect(user.spec.externalIdentity).toEqual({
      provider: 'corp',
      issuer: issuer.issuer,
      subject: 'forged-subject',
    });
    const session = await deps.sessions.verify(result.token);
    expect(session?.user.metadata.name).toBe('forged-user');
    // Sign-out finds the provider on the session, to offer its logout.
    expect(store.sessions.get(session?.claims.jti ?? '')?.spec.identityProvider).toBe('corp');
  });

  it.each(forgeries)('refuses an ID token with %s', async (forgery, detail) => {
    issuer.forgery = forgery;
    const error = await refusal(signIn());
    expect(error.entry.code).toBe(1015);
    expect(error.message).toContain(detail);
    expect(store.users.list()).toEqual([]);
  });

  it('refuses a state that is not the one sealed in this browser’s cookie', async () => {
    const error = await refusal(signIn((params) => ({ ...params, state: 'forged-state' })));
    expect(error.entry.code).toBe(1015);
    expect(error.message).toContain('state');
    expect(issuer.tokenRequests).toEqual([]);
  });

  it('refuses a cookie sealed with another key, or none', async () => {
    const started = await startSignIn(deps, 'corp', origin);
    const other = { ...deps, flowKey: flowKey(randomBytes(32)) };
    expect((await refusal(finishSignIn(other, started.sealed, { state: 'x' }))).entry.code).toBe(
      1015,
    );
    expect((await refusal(finishSignIn(deps, undefined, { state: 'x' }))).entry.code).toBe(1015);
  });

  it('does not reach an issuer the outbound policy refuses', async () => {
    const strict = { ...deps, clients: createProviderClients({ store, policy: {} }) };
    const error = await refusal(startSignIn(strict, 'corp', origin));
    expect(error.entry.code).toBe(2007);
    expect(error.message).toContain('is refused');
  });
});

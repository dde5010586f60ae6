// The test bed's OpenID provider (hack/testbed/oidc.sh) in integration and end-to-end tests: its
// issuer and client, test users of each test file's own, IdentityProviders pointing at it, and
// the sign-in driven over HTTP the way a browser does it (cookie jars, manual redirects).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { ApiResponse, LoginData } from './api.js';
import { CookieJar } from './cookie-jar.js';
import { testEnv } from './env.js';

const stateDir = () => join(dirname(testEnv.hubKubeconfig), 'oidc');
const state = (file: string) => readFileSync(join(stateDir(), file), 'utf8').trim();

export const testbedProvider = {
  get issuer(): string {
    return state('issuer');
  },
  clientId: 'nimbus',
  get clientSecret(): string {
    return state('client-secret');
  },
};

export interface ProviderUser {
  password: string;
  groups: string[];
  email?: string;
  displayName?: string;
}

/** Creates or replaces a user at the provider (its admin API, hack/testbed/oidc-provider.mjs). */
export async function putProviderUser(name: string, user: ProviderUser): Promise<void> {
  const response = await fetch(`${testbedProvider.issuer}/testbed/users/${name}`, {
    method: 'PUT',
    headers: {
      authorization: `Bearer ${state('admin-token')}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify(user),
  });
  if (!response.ok) throw new Error(`provider user ${name}: ${await response.text()}`);
}

export async function deleteProviderUser(name: string): Promise<void> {
  await fetch(`${testbedProvider.issuer}/testbed/users/${name}`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${state('admin-token')}` },
  });
}

/** The body of an IdentityProvider at the test-bed provider, for POST /iam.{host}/identity-providers. */
export function providerBody(name: string, extra: Record<string, unknown> = {}) {
  return {
    name,
    displayName: `Test bed ${name}`,
    issuer: testbedProvider.issuer,
    clientId: testbedProvider.clientId,
    clientSecret: testbedProvider.clientSecret,
    scopes: ['openid', 'profile', 'email', 'groups'],
    ...extra,
  };
}

/** One browser: a jar for the console's origin and the provider's, as a browser keeps them. */
export interface Browser {
  jar: CookieJar;
}

export const newBrowser = (): Browser => ({ jar: new CookieJar() });

const operator = () => testEnv.operatorUrl;
const authUrl = (path: string) => `${operator()}/api/v1/auth.${testEnv.host}${path}`;

/** What the provider sent back to the console's callback route (its query). */
export type CallbackParams = Record<string, string>;

async function envelope<T>(response: Response): Promise<ApiResponse<T>> {
  const text = await response.text();
  return {
    status: response.status,
    body: JSON.parse(text) as ApiResponse<T>['body'],
    text,
    headers: response.headers,
  };
}

/** The login screen's button: the console asks where to go and the sealed cookie is set. */
export async function startSignIn(
  browser: Browser,
  provider: string,
): Promise<ApiResponse<{ authorizationUrl: string }>> {
  return envelope(
    await browser.jar.fetch(authUrl(`/identity-providers/${provider}/authorize`), {
      method: 'POST',
      headers: { 'x-nimbus-requested-with': 'console' },
    }),
  );
}

const formBody = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

/**
 * At the provider: follows redirects, signs in on its login page, allows on its consent page,
 * until the provider redirects back to the console's /login/callback; returns that query.
 */
export async function authorizeAtProvider(
  browser: Browser,
  authorizationUrl: string,
  login: { name: string; password: string },
): Promise<CallbackParams> {
  let url = authorizationUrl;
  let init: RequestInit = {};
  for (let step = 0; step < 20; step++) {
    const response = await browser.jar.fetch(url, init);
    init = {};
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.pathname === '/login/callback') return Object.fromEntries(next.searchParams);
      url = next.href;
      continue;
    }
    const html = await response.text();
    if (response.status !== 200) throw new Error(`provider ${url}: ${response.status} ${html}`);
    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`provider page without a form at ${url}: ${html}`);
    url = new URL(action.replace(/&#47;/g, '/'), url).href;
    init = action.endsWith('/login')
      ? formBody({ login: login.name, password: login.password })
      : formBody({});
  }
  throw new Error('the provider did not send the browser back');
}

/** The console's callback route posts what the provider sent; the session cookies are set. */
export async function finishSignIn(
  browser: Browser,
  params: CallbackParams,
): Promise<ApiResponse<LoginData>> {
  return envelope(
    await browser.jar.fetch(authUrl('/login/callback'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-nimbus-requested-with': 'console' },
      body: JSON.stringify(params),
    }),
  );
}

/** The whole sign-in of one browser with the provider `provider` as `login`. */
export async function signInWithProvider(
  browser: Browser,
  provider: string,
  login: { name: string; password: string },
): Promise<ApiResponse<LoginData>> {
  const started = await startSignIn(browser, provider);
  if (started.body.code !== 0) throw new Error(`start: ${started.text}`);
  const params = await authorizeAtProvider(browser, started.body.data.authorizationUrl, login);
  return finishSignIn(browser, params);
}

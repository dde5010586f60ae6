import { randomBytes } from 'node:crypto';
import express, { Router } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorHandler, notFoundHandler } from '../error-handler.js';
import { handle } from '../respond.js';
import { requestContextMiddleware } from '../request-context.js';
import type { UserObject } from '../../hub/store.js';
import { captureLogs } from '../../testing/logs.js';
import type { RunningServer } from '../../testing/http.js';
import { serve } from '../../testing/http.js';
import type { MemoryHubStore } from '../../testing/memory-store.js';
import { createMemoryStore } from '../../testing/memory-store.js';
import { createUser } from '../../identity/accounts.js';
import { resetAccessKey } from '../../identity/access-keys.js';
import { authPaths } from './auth-paths.js';
import { authenticate } from './authenticate.js';
import { requireIdentity } from '../identity-locals.js';
import { keepRawBody } from '../../identity/raw-body.js';
import type { IdentityServices } from '../../identity/services.js';
import { createIdentityServices } from '../../identity/services.js';
import { computeSignature } from '../../identity/signature.js';

const base = (service: string): string => `/api/v1/${service}.nimbus.io`;
const whoami = `${base('probe')}/whoami`;

let store: MemoryHubStore;
let services: IdentityServices;
let server: RunningServer;
let alice: UserObject;

beforeAll(async () => {
  store = createMemoryStore();
  services = createIdentityServices({
    store,
    sessionKey: randomBytes(32),
    settings: { host: 'nimbus.io', mfaEnabled: false, trustProxy: false, sessionTtlSeconds: 600 },
    logger: captureLogs().logger,
  });
  for (const name of ['acme', 'globex']) {
    await store.organizations.create({
      metadata: { name },
      spec: { cnName: name, contact: 'ops', email: `ops@${name}.example` },
    });
  }
  alice = await createUser(services, {
    userName: 'alice',
    spec: { email: 'alice@example.com', organizations: [{ name: 'acme', admin: true }] },
    password: 'secret12',
  });
  const app = express();
  app.use(requestContextMiddleware(captureLogs().logger));
  app.use(express.json({ verify: keepRawBody }));
  app.use(authenticate(services, authPaths(base)));
  const router = Router();
  router.all(
    '/probe.nimbus.io/whoami',
    handle((_req, res) => requireIdentity(res)),
  );
  router.post(
    '/auth.nimbus.io/login',
    handle(() => 'public'),
  );
  app.use('/api/v1', router);
  app.use(notFoundHandler);
  app.use(errorHandler);
  server = await serve(app);
});

afterAll(async () => {
  await server.close();
});

async function call(
  path: string,
  init: RequestInit = {},
): Promise<{ code: number; data: unknown }> {
  const response = await fetch(`${server.url}${path}`, init);
  return (await response.json()) as { code: number; data: unknown };
}

const bearer = (token: string, extra: Record<string, string> = {}): RequestInit => ({
  headers: { Authorization: `Bearer ${token}`, ...extra },
});

describe('session authentication', () => {
  it('refuses anonymous calls to protected paths with 9998 and lets public ones through', async () => {
    expect((await call(whoami)).code).toBe(9998);
    expect(await call(`${base('auth')}/login`, { method: 'POST' })).toMatchObject({ code: 0 });
  });

  it('sets the identity from a bearer token, with the derived role', async () => {
    const { token, sessionId } = await services.sessions.issue(alice);
    expect(await call(whoami, bearer(token))).toMatchObject({
      code: 0,
      data: {
        userName: 'alice',
        userId: alice.metadata.uid,
        currentOrganization: 'acme',
        role: 'organization-admin',
        via: 'session',
        sessionId,
      },
    });
  });

  it('refuses forged, garbage and revoked tokens with 9998', async () => {
    const { token, sessionId } = await services.sessions.issue(alice);
    const [header, payload] = token.split('.');
    expect((await call(whoami, bearer(`${header}.${payload}.${'A'.repeat(43)}`))).code).toBe(9998);
    expect((await call(whoami, bearer('not-a-token'))).code).toBe(9998);
    await services.sessions.revoke(sessionId);
    expect((await call(whoami, bearer(token))).code).toBe(9998);
  });

  it('lets a stale token through on public paths', async () => {
    expect((await call(`${base('auth')}/login`, { method: 'POST', ...bearer('stale') })).code).toBe(
      0,
    );
  });

  it('refuses client identity headers that disagree with the session (9998)', async () => {
    const { token } = await services.sessions.issue(alice);
    expect((await call(whoami, bearer(token, { 'X-Nimbus-User-Name': 'bob' }))).code).toBe(9998);
    expect((await call(whoami, bearer(token, { 'X-Nimbus-User-Id': 'other-uid' }))).code).toBe(
      9998,
    );
    const matching = { 'X-Nimbus-User-Name': 'alice', 'X-Nimbus-User-Id': alice.metadata.uid };
    expect((await call(whoami, bearer(token, matching))).code).toBe(0);
  });

  it('checks the organization header: a member gets it, a foreign and an unknown one answer alike', async () => {
    const { token } = await services.sessions.issue(alice);
    const acmeUid = store.organizations.get('acme')?.metadata.uid ?? '';
    const org = (value: string) => call(whoami, bearer(token, { 'X-Nimbus-Organization': value }));
    expect(await org(acmeUid)).toMatchObject({ code: 0, data: { currentOrganization: 'acme' } });
    // globex exists, but alice is not in it: the same fallback as for a name nobody has, so the
    // header cannot tell which organization names are taken.
    const foreign = await org('globex');
    const unknown = await org('deleted-org');
    expect(foreign).toMatchObject({ code: 0, data: { currentOrganization: 'acme' } });
    expect(foreign).toEqual(unknown);
  });

  it('reads the cookie, but a write needs the custom header (1013)', async () => {
    const { token } = await services.sessions.issue(alice);
    const cookie = { Cookie: `nimbus_token=${token}` };
    expect((await call(whoami, { headers: cookie })).code).toBe(0);
    expect((await call(whoami, { method: 'POST', headers: cookie })).code).toBe(1013);
    const withHeader = { ...cookie, 'X-Nimbus-Requested-With': 'console' };
    expect((await call(whoami, { method: 'POST', headers: withHeader })).code).toBe(0);
  });

  it('refuses cross-site writes before looking at credentials (1013)', async () => {
    const { token } = await services.sessions.issue(alice);
    const crossSite = bearer(token, { 'Sec-Fetch-Site': 'cross-site' });
    expect((await call(whoami, { method: 'POST', ...crossSite })).code).toBe(1013);
    const foreign = bearer(token, { Origin: 'https://evil.example' });
    expect((await call(whoami, { method: 'DELETE', ...foreign })).code).toBe(1013);
  });

  it('keeps a must-change-password session to the allowed calls (1010)', async () => {
    const { token } = await services.sessions.issue(alice, { mustChangePassword: true });
    expect((await call(whoami, bearer(token))).code).toBe(1010);
    expect((await call(`${base('iam')}/users/alice`, bearer(token))).code).toBe(1004);
    const byId = `${base('iam')}/user/${alice.metadata.uid}`;
    expect((await call(byId, bearer(token))).code).toBe(1004);
    expect((await call(`${base('iam')}/users/bob`, bearer(token))).code).toBe(1010);
    expect((await call(`${base('system')}/configs`, bearer(token))).code).toBe(1004);
    const passwordChange = {
      method: 'PUT',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    };
    const put = (updateType: string) =>
      call(`${base('iam')}/users`, { ...passwordChange, body: JSON.stringify({ updateType }) });
    expect((await put('password')).code).toBe(1004);
    expect((await put('general')).code).toBe(1010);
  });
});

describe('AK/SK authentication', () => {
  interface SignedCall {
    nonce: string;
    timestamp?: number;
    body?: string;
    sentBody?: string;
    query?: string;
    sentQuery?: string;
    headers?: Record<string, string>;
    sentHeaders?: Record<string, string>;
  }

  async function signedCall(pair: { accessKey: string; secretKey: string }, options: SignedCall) {
    const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
    const body = options.body ?? '';
    const query = options.query ?? '';
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      'X-Nimbus-Access-Key': pair.accessKey,
      'X-Nimbus-Timestamp': timestamp,
      'X-Nimbus-Nonce': options.nonce,
      ...options.headers,
    };
    const signature = computeSignature(pair.secretKey, {
      method: 'POST',
      path: whoami,
      query,
      timestamp,
      nonce: options.nonce,
      contentType: headers['Content-Type'] ?? '',
      headers,
      body: Buffer.from(body),
    });
    const sentQuery = options.sentQuery ?? query;
    return call(`${whoami}${sentQuery ? `?${sentQuery}` : ''}`, {
      method: 'POST',
      headers: {
        ...headers,
        ...options.sentHeaders,
        'X-Nimbus-Signature': signature,
        'Sec-Fetch-Site': 'cross-site',
      },
      ...(body || options.sentBody ? { body: options.sentBody ?? body } : {}),
    });
  }

  it('accepts a signed request once; the same nonce again is refused (1012)', async () => {
    const pair = await resetAccessKey(store, 'alice');
    const first = await signedCall(pair, {
      nonce: 'nonce-0000000000000001',
      body: '{"a":1}',
      query: 'x=1&a=2',
      headers: { 'X-Nimbus-Organization': 'acme' },
    });
    expect(first).toMatchObject({ code: 0, data: { userName: 'alice', via: 'signature' } });
    const replay = await signedCall(pair, {
      nonce: 'nonce-0000000000000001',
      body: '{"a":1}',
      query: 'x=1&a=2',
      headers: { 'X-Nimbus-Organization': 'acme' },
    });
    expect(replay.code).toBe(1012);
  });

  it('refuses a stale timestamp, a tampered body and an old key after reset (1012)', async () => {
    const pair = await resetAccessKey(store, 'alice');
    const stale = Math.floor(Date.now() / 1000) - 301;
    expect(
      (await signedCall(pair, { nonce: 'nonce-0000000000000002', timestamp: stale })).code,
    ).toBe(1012);
    const tampered = { nonce: 'nonce-0000000000000003', body: '{"a":1}', sentBody: '{"a":2}' };
    expect((await signedCall(pair, tampered)).code).toBe(1012);
    await resetAccessKey(store, 'alice');
    expect((await signedCall(pair, { nonce: 'nonce-0000000000000004' })).code).toBe(1012);
  });

  it.each([
    ['the organization header changed', { sentHeaders: { 'X-Nimbus-Organization': 'globex' } }],
    ['an X-Nimbus-* header added', { sentHeaders: { 'X-Nimbus-User-Name': 'alice' } }],
    ['the timestamp header changed', { sentHeaders: { 'X-Nimbus-Timestamp': '1' } }],
    [
      'the Content-Type changed',
      { sentHeaders: { 'Content-Type': 'application/x-www-form-urlencoded' } },
    ],
  ])('refuses a request whose %s after signing (1012)', async (_what, change) => {
    const pair = await resetAccessKey(store, 'alice');
    const signed = {
      nonce: `nonce-tamper-${Math.random().toString(36).slice(2, 12)}`,
      headers: { 'X-Nimbus-Organization': 'acme' },
    };
    expect((await signedCall(pair, { ...signed, nonce: `${signed.nonce}a` })).code).toBe(0);
    expect((await signedCall(pair, { ...signed, ...change })).code).toBe(1012);
  });

  it('refuses a repeated query key with a clear message, signed or duplicated afterwards', async () => {
    const pair = await resetAccessKey(store, 'alice');
    const repeated = await signedCall(pair, { nonce: 'nonce-0000000000000005', query: 'a=1&a=2' });
    expect(repeated).toMatchObject({
      code: 1012,
      message:
        'Invalid request signature: a signed request must not repeat the query parameter "a"',
    });
    const duplicated = await signedCall(pair, {
      nonce: 'nonce-0000000000000006',
      query: 'a=1',
      sentQuery: 'a=1&a=1',
    });
    expect(duplicated.code).toBe(1012);
  });
});

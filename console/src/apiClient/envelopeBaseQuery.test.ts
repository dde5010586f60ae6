// @vitest-environment node
import { configureStore } from '@reduxjs/toolkit';
import { createApi } from '@reduxjs/toolkit/query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFeedbackSpy } from '../../tests/feedbackSpy';
import { startLoopbackServer, type LoopbackServer } from '../../tests/loopbackServer';
import { serviceAccountRefusal } from '../../tests/refusals';
import type { Session } from '../session/session';
import type { ApiDependencies } from './apiDependencies';
import { createEnvelopeBaseQuery, type EnvelopeBaseQueryOptions } from './envelopeBaseQuery';

function createTestClient(baseUrl: string, session: Session, options?: EnvelopeBaseQueryOptions) {
  const api = createApi({
    reducerPath: 'api',
    baseQuery: createEnvelopeBaseQuery(options),
    endpoints: (build) => ({
      get: build.query<unknown, string>({ query: (path) => path }),
      getSilently: build.query<unknown, string>({
        query: (path) => path,
        extraOptions: { silent: true },
      }),
      getExpecting1008: build.query<unknown, string>({
        query: (path) => path,
        extraOptions: { expectedCodes: [1008] },
      }),
      getDocument: build.query<unknown, string>({
        query: (path) => path,
        extraOptions: { raw: true },
      }),
    }),
  });
  const feedback = createFeedbackSpy();
  const dependencies: ApiDependencies = { feedback, baseUrl, readSession: () => session };
  const store = configureStore({
    reducer: { api: api.reducer },
    middleware: (getDefault) =>
      getDefault({ thunk: { extraArgument: dependencies } }).concat(api.middleware),
  });
  const call = (
    path: string,
    endpoint: 'get' | 'getSilently' | 'getExpecting1008' | 'getDocument' = 'get',
  ) => store.dispatch(api.endpoints[endpoint].initiate(path, { forceRefetch: true }));
  return { feedback, call };
}

let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackServer();
});
afterEach(async () => {
  vi.useRealTimers();
  await server.close();
});

const envelope = (code: number, message: string, data: unknown = null) => ({
  body: { code, message, data },
});

describe('envelope base query', () => {
  it('resolves code 0 to the data and names the stored session in headers, never a token', async () => {
    const { call, feedback } = createTestClient(`${server.origin}/api/v1`, {
      userId: 'u-1',
      userName: 'alice',
      organization: 'acme',
    });
    server.respond('/api/v1/system.nimbus.io/configs', envelope(0, 'success', { MFA: true }));

    const result = await call('/system.nimbus.io/configs');

    expect(result.data).toEqual({ MFA: true });
    expect(result.error).toBeUndefined();
    const headers = server.requests[0]?.headers;
    // The HttpOnly cookie carries the session; the console has no token to send.
    expect(headers?.authorization).toBeUndefined();
    expect(headers?.['x-nimbus-user-id']).toBe('u-1');
    expect(headers?.['x-nimbus-user-name']).toBe('alice');
    expect(headers?.['x-nimbus-organization']).toBe('acme');
    expect(feedback.requestFailed).not.toHaveBeenCalled();
  });

  it('sends no session headers without a session', async () => {
    const { call } = createTestClient(`${server.origin}/api/v1`, {});
    server.respond('/api/v1/system.nimbus.io/version', envelope(0, 'success', '0.1.0'));

    expect((await call('/system.nimbus.io/version')).data).toBe('0.1.0');
    const headers = server.requests[0]?.headers ?? {};
    expect(Object.keys(headers).filter((name) => name.startsWith('x-nimbus'))).toEqual([]);
    expect(headers.authorization).toBeUndefined();
  });

  it('announces an expired token once for every 9998 within 2 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { call, feedback } = createTestClient(`${server.origin}/api/v1`, {
      userName: 'alice',
      userId: 'u-1',
    });
    for (const path of ['/a', '/b', '/c']) {
      server.respond(`/api/v1${path}`, { status: 401, ...envelope(9998, 'token expired') });
    }

    const results = await Promise.all(['/a', '/b', '/c'].map((path) => call(path)));

    expect(results.map((result) => result.error)).toEqual(
      Array(3).fill(
        expect.objectContaining({
          status: 'CUSTOM_ERROR',
          data: { code: 9998, message: 'token expired' },
        }),
      ),
    );
    vi.advanceTimersByTime(1999);
    expect(feedback.tokenExpired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(feedback.tokenExpired).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10_000);
    expect(feedback.tokenExpired).toHaveBeenCalledTimes(1);
    expect(feedback.requestFailed).not.toHaveBeenCalled();
  });

  it('reports 9997 as missing permission, without an error notification', async () => {
    const { call, feedback } = createTestClient(`${server.origin}/api/v1`, {
      userName: 'alice',
      userId: 'u-1',
    });
    server.respond('/api/v1/iam.nimbus.io/users', { status: 403, ...envelope(9997, 'denied') });

    const result = await call('/iam.nimbus.io/users');

    expect(result.error).toMatchObject({ data: { code: 9997, message: 'denied' } });
    expect(feedback.noPermission).toHaveBeenCalledTimes(1);
    expect(feedback.noPermission).toHaveBeenCalledWith({ url: '/api/v1/iam.nimbus.io/users' });
    expect(feedback.requestFailed).not.toHaveBeenCalled();
  });

  it("passes a member cluster's refusal on with the 9997, and drops one of another shape", async () => {
    const { call, feedback } = createTestClient(`${server.origin}/api/v1`, { userName: 'vera' });
    const refusal = serviceAccountRefusal;
    const message = 'cannot get serviceaccounts in namespace web';
    server.respond('/api/v1/k8s.nimbus.io/a', {
      status: 403,
      ...envelope(9997, message, { refusal }),
    });
    server.respond('/api/v1/k8s.nimbus.io/b', {
      status: 403,
      ...envelope(9997, message, { refusal: { ...refusal, verb: 7 } }),
    });

    const result = await call('/k8s.nimbus.io/a');
    await call('/k8s.nimbus.io/b');

    expect(result.error).toMatchObject({ data: { code: 9997, message, refusal } });
    expect(feedback.noPermission.mock.calls).toEqual([
      [{ url: '/api/v1/k8s.nimbus.io/a', refusal }],
      [{ url: '/api/v1/k8s.nimbus.io/b' }],
    ]);
  });

  it('notifies any other code for 10 s with the request URL and message', async () => {
    const { call, feedback } = createTestClient(`${server.origin}/api/v1`, {
      userName: 'alice',
      userId: 'u-1',
    });
    server.respond('/api/v1/manage.nimbus.io/clusters?page=2', {
      status: 502,
      ...envelope(2001, 'cluster is unreachable'),
    });
    server.respond('/api/v1/manage.nimbus.io/registries', envelope(1005, 'already exists'));

    const first = await call('/manage.nimbus.io/clusters?page=2');
    const second = await call('/manage.nimbus.io/registries');

    expect(first.error).toMatchObject({ data: { code: 2001, message: 'cluster is unreachable' } });
    expect(second.error).toMatchObject({ data: { code: 1005, message: 'already exists' } });
    expect(feedback.requestFailed.mock.calls).toEqual([
      [
        {
          url: '/api/v1/manage.nimbus.io/clusters?page=2',
          code: 2001,
          message: 'cluster is unreachable',
          durationMs: 10_000,
        },
      ],
      [
        {
          url: '/api/v1/manage.nimbus.io/registries',
          code: 1005,
          message: 'already exists',
          durationMs: 10_000,
        },
      ],
    ]);
    expect(feedback.tokenExpired).not.toHaveBeenCalled();
    expect(feedback.noPermission).not.toHaveBeenCalled();
  });

  it('notifies an HTTP error that carries no envelope', async () => {
    const { call, feedback } = createTestClient(`${server.origin}/api/v1`, {});
    server.respond('/api/v1/crd.nimbus.io/clusters', { status: 503, body: { oops: true } });

    const result = await call('/crd.nimbus.io/clusters');

    expect(result.error).toMatchObject({ status: 503 });
    expect(feedback.requestFailed).toHaveBeenCalledWith({
      url: '/api/v1/crd.nimbus.io/clusters',
      message: 'HTTP 503',
      durationMs: 10_000,
    });
  });

  it('rejects and notifies a successful response that is not an envelope', async () => {
    const { call, feedback } = createTestClient(`${server.origin}/api/v1`, {});
    server.respond('/api/v1/system.nimbus.io/version', { body: { version: '0.1.0' } });

    const result = await call('/system.nimbus.io/version');

    expect(result.data).toBeUndefined();
    expect(result.error).toMatchObject({ status: 'CUSTOM_ERROR' });
    expect(feedback.requestFailed).toHaveBeenCalledTimes(1);
  });

  it('keeps the API docs file and the alert-metrics notification endpoint silent', async () => {
    const { call, feedback } = createTestClient(`${server.origin}/api/v1`, {});
    const silent = ['/openapi.json', '/monitor.nimbus.io/alert-metrics/notifications'];
    for (const path of silent) server.respond(`/api/v1${path}`, envelope(5000, 'boom'));

    const results = await Promise.all(silent.map((path) => call(path)));

    for (const result of results) {
      expect(result.error).toMatchObject({ data: { code: 5000, message: 'boom' } });
    }
    expect(feedback.requestFailed).not.toHaveBeenCalled();
  });

  it('takes a configured silent list and a per-endpoint silent option', async () => {
    const { call, feedback } = createTestClient(
      `${server.origin}/api/v1`,
      {},
      { silentPaths: [/^\/quiet\//] },
    );
    for (const path of ['/quiet/one', '/loud/two', '/openapi.json']) {
      server.respond(`/api/v1${path}`, envelope(5000, 'boom'));
    }

    await call('/quiet/one');
    await call('/loud/two', 'getSilently');
    await call('/openapi.json');

    expect(feedback.requestFailed.mock.calls.map(([failure]) => failure.url)).toEqual([
      '/api/v1/openapi.json',
    ]);
  });

  it('resolves a document endpoint to the body it answers, still handling envelope errors', async () => {
    const { call, feedback } = createTestClient(`${server.origin}/api/v1`, {});
    const document = { openapi: '3.1.0', paths: {} };
    server.respond('/api/v1/openapi.json', { body: document });
    server.respond('/api/v1/refused.json', envelope(9997, 'no operation permission'));
    server.respond('/api/v1/broken.json', { status: 502, body: { error: 'bad gateway' } });

    expect((await call('/openapi.json', 'getDocument')).data).toEqual(document);
    expect((await call('/refused.json', 'getDocument')).error).toMatchObject({
      data: { code: 9997 },
    });
    expect((await call('/broken.json', 'getDocument')).error).toMatchObject({ status: 502 });
    expect(feedback.noPermission).toHaveBeenCalledTimes(1);
    expect(feedback.requestFailed.mock.calls.map(([failure]) => failure.url)).toEqual([
      '/api/v1/broken.json',
    ]);
  });

  it('asks for a password change on 1010 instead of notifying', async () => {
    const { call, feedback } = createTestClient(`${server.origin}/api/v1`, {
      userName: 'alice',
      userId: 'u-1',
    });
    server.respond('/api/v1/iam.nimbus.io/user/u/organizations', {
      status: 403,
      ...envelope(1010, 'Password change required'),
    });

    const result = await call('/iam.nimbus.io/user/u/organizations');

    expect(result.error).toMatchObject({ data: { code: 1010 } });
    expect(feedback.passwordChangeRequired).toHaveBeenCalledTimes(1);
    expect(feedback.requestFailed).not.toHaveBeenCalled();
  });

  it('leaves codes an endpoint expects to the caller, but still announces 9998', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { call, feedback } = createTestClient(`${server.origin}/api/v1`, {});
    server.respond('/api/v1/mfa', { status: 401, ...envelope(1008, 'MFA code required') });
    server.respond('/api/v1/other', envelope(1009, 'Invalid MFA code'));
    server.respond('/api/v1/expired', { status: 401, ...envelope(9998, 'expired') });

    const expected = await call('/mfa', 'getExpecting1008');
    await call('/other', 'getExpecting1008');
    await call('/expired', 'getExpecting1008');
    vi.advanceTimersByTime(2_000);

    expect(expected.error).toMatchObject({ data: { code: 1008, message: 'MFA code required' } });
    expect(feedback.requestFailed.mock.calls.map(([failure]) => failure.message)).toEqual([
      'Invalid MFA code',
    ]);
    expect(feedback.tokenExpired).toHaveBeenCalledTimes(1);
  });

  it('passes a network error on as a rejection, without feedback', async () => {
    const closed = await startLoopbackServer();
    await closed.close();
    const { call, feedback } = createTestClient(`${closed.origin}/api/v1`, {});

    const request = call('/system.nimbus.io/version');

    await expect(request.unwrap()).rejects.toMatchObject({ status: 'FETCH_ERROR' });
    expect(feedback.requestFailed).not.toHaveBeenCalled();
    expect(feedback.tokenExpired).not.toHaveBeenCalled();
    expect(feedback.noPermission).not.toHaveBeenCalled();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeClock } from '../testing/fake-clock.js';
import type { FakeApiServer } from '../testing/fake-apiserver.js';
import { startFakeApiServer } from '../testing/fake-apiserver.js';
import { createMemberTransport } from '../member/transport/transport.js';
import {
  callsOf,
  createOperatorCalls,
  forwardableHeaders,
  MemberCallError,
} from './member-client.js';

let member: FakeApiServer;
let hanging: FakeApiServer;

beforeAll(async () => {
  member = await startFakeApiServer({ token: 't0k' });
  hanging = await startFakeApiServer({ hang: true });
});

afterAll(async () => {
  await member.close();
  await hanging.close();
});

function portOf(server: FakeApiServer): string {
  return new URL(server.url).port;
}

describe('member calls', () => {
  it('dials the pinned address, not what the host name resolves to', async () => {
    // member.invalid cannot resolve; only the pinned 127.0.0.1 makes this call work.
    const calls = createOperatorCalls(
      { server: `http://member.invalid:${portOf(member)}`, auth: { token: 't0k' } },
      ['127.0.0.1'],
    );
    const response = await calls.request({ path: '/version' });
    expect(response.status).toBe(200);
    expect(response.json()).toEqual({ gitVersion: 'v1.36.0' });
  });

  it('impersonates the user on user calls and strips smuggled impersonation headers', async () => {
    const transport = createMemberTransport({ server: member.url, auth: { token: 't0k' } }, [
      '127.0.0.1',
    ]);
    await callsOf(transport, { user: 'alice' }).request({
      path: '/version',
      headers: {
        'Impersonate-User': 'system:admin',
        'impersonate-group': 'system:masters',
        Connection: 'x-secret-hop',
        'x-secret-hop': '1',
        'x-kept': 'yes',
      },
    });
    const seen = member.requests.at(-1)?.headers ?? {};
    expect(seen['impersonate-user']).toBe('nimbus:alice');
    expect(seen['impersonate-group']).toBeUndefined();
    expect(seen['x-secret-hop']).toBeUndefined();
    expect(seen['x-kept']).toBe('yes');
    expect(seen.authorization).toBe('Bearer t0k');

    await callsOf(transport, 'operator').request({
      path: '/version',
      headers: { 'Impersonate-User': 'x' },
    });
    expect(member.requests.at(-1)?.headers['impersonate-user']).toBeUndefined();
    expect(() => callsOf(transport, { user: '' })).toThrow();
  });

  it('gives up at the deadline with a readable reason', async () => {
    const clock = fakeClock();
    const calls = createOperatorCalls(
      { server: hanging.url, auth: { token: 'x' } },
      ['127.0.0.1'],
      {
        clock,
      },
    );
    const call = calls.request({ path: '/version', timeoutMs: 200 }).catch((e: unknown) => e);
    clock.advance(200);
    const error = await call;
    expect(error).toBeInstanceOf(MemberCallError);
    expect((error as MemberCallError).message).toBe('no answer within 0.2 s');
  });

  it('reports a refused connection', async () => {
    const calls = createOperatorCalls({ server: 'http://127.0.0.1:1', auth: { token: 'x' } }, [
      '127.0.0.1',
    ]);
    await expect(calls.request({ path: '/version' })).rejects.toThrow('connection refused');
  });
});

describe('forwardableHeaders', () => {
  it('drops hop-by-hop, Connection-named, credential and Impersonate-* headers', () => {
    expect(
      forwardableHeaders({
        connection: 'keep-alive, X-Drop',
        'x-drop': 'a',
        'keep-alive': '5',
        authorization: 'Bearer client',
        cookie: 'c=1',
        'impersonate-uid': '0',
        'Impersonate-Extra-scopes': 'x',
        'content-type': 'application/json',
        accept: ['a', 'b'],
      }),
    ).toEqual({ 'content-type': 'application/json', accept: 'a, b' });
  });
});

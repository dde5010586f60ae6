import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { ClusterConnection } from '../connection.js';
import { MemberCallError } from './errors.js';
import { fakeClock } from '../../testing/fake-clock.js';
import type { PoolSettings } from './pool.js';
import { createTransportPool, RefusedMemberUrl } from './pool.js';

const closers: (() => void)[] = [];
afterEach(() => {
  for (const close of closers.splice(0)) close();
});

async function countingServer(): Promise<{ port: number; hits: () => number }> {
  let hits = 0;
  const server = http.createServer((_req, res) => {
    hits += 1;
    res.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => {
    server.closeAllConnections();
    server.close();
  });
  return { port: (server.address() as AddressInfo).port, hits: () => hits };
}

describe('transport pool: SSRF pinning', () => {
  it('resolves once per connection, so a rebinding answer never reaches loopback or metadata', async () => {
    const local = await countingServer();
    const answers = [['203.0.113.7'], ['127.0.0.1'], ['169.254.169.254']];
    let lookups = 0;
    const clock = fakeClock();
    const pool = createTransportPool({
      policy: { allowHosts: [] },
      resolve: () => Promise.resolve(answers[lookups++] ?? ['127.0.0.1']),
      clock,
      timeoutMs: 1_000,
    });
    closers.push(() => pool.close());
    // Plain http is only allowed for listed hosts, so the member here is https on the local port;
    // it never gets a connection either way, which is the point.
    const connection: ClusterConnection = {
      server: `https://member.example:${local.port}`,
      auth: { token: 't' },
    };
    for (let i = 0; i < 3; i += 1) {
      const transport = await pool.get('prod', 'v1', () => Promise.resolve(connection));
      const call = transport.request('operator', { path: '/version' }).catch((e: unknown) => e);
      clock.advance(1_000);
      expect(await call).toBeInstanceOf(MemberCallError);
    }
    expect(lookups).toBe(1);
    expect(local.hits()).toBe(0);
  });

  it('refuses a connection whose host resolves to a refused address', async () => {
    const pool = createTransportPool({
      policy: {},
      resolve: () => Promise.resolve(['169.254.169.254']),
    });
    closers.push(() => pool.close());
    await expect(
      pool.get('prod', 'v1', () =>
        Promise.resolve({ server: 'https://member.example', auth: { token: 't' } }),
      ),
    ).rejects.toBeInstanceOf(RefusedMemberUrl);
  });
});

describe('transport pool: one transport per cluster connection', () => {
  const connection = (port: number): ClusterConnection => ({
    server: `http://127.0.0.1:${port}`,
    auth: { token: 't' },
  });
  const policy = { allowHosts: ['127.0.0.1'] };

  /** A pool on a local server, and a connect that counts its calls. */
  async function countingPool(settings: Partial<PoolSettings> = {}) {
    const local = await countingServer();
    const pool = createTransportPool({ policy, ...settings });
    closers.push(() => pool.close());
    const counted = { connects: 0 };
    const connect = () => {
      counted.connects += 1;
      return Promise.resolve(connection(local.port));
    };
    return { pool, connect, counted };
  }

  it('keeps the transport while the credentials are unchanged and replaces it when they change', async () => {
    const { pool, connect, counted } = await countingPool();
    const first = await pool.get('prod', 'secret-1', connect);
    expect(await pool.get('prod', 'secret-1', connect)).toBe(first);
    expect(counted.connects).toBe(1);

    const second = await pool.get('prod', 'secret-2', connect);
    expect(second).not.toBe(first);
    expect(counted.connects).toBe(2);
    expect(await pool.get('prod', 'secret-2', connect)).toBe(second);
    expect((await second.request('operator', { path: '/' })).status).toBe(200);

    pool.evict('prod');
    await expect(second.request('operator', { path: '/' })).rejects.toBeInstanceOf(MemberCallError);
  });

  it('keeps the newer transport for a caller that read older credentials', async () => {
    const { pool, connect, counted } = await countingPool({
      isOlder: (candidate, current) => Number(candidate.slice(7)) < Number(current.slice(7)),
    });
    const first = await pool.get('prod', 'secret-1', connect);
    const second = await pool.get('prod', 'secret-2', connect);
    expect(second).not.toBe(first);
    // Read before the rotation, asked after it: answered on the rotated credentials.
    expect(await pool.get('prod', 'secret-1', connect)).toBe(second);
    expect(await pool.get('prod', 'secret-2', connect)).toBe(second);
    expect(counted.connects).toBe(2);
  });

  // Callers read the credentials Secret before they ask the pool: one that read it just before
  // a rotation comes after one that read the new version, and replaces the transport the other
  // is being answered on. That call must still be answered (it was refused as unreachable).
  it('answers a call under way on a transport that a caller with other credentials replaced', async () => {
    let answer: () => void = () => undefined;
    let arrive: () => void = () => undefined;
    let socketClosed: Promise<unknown> = Promise.resolve();
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    const server = http.createServer((req, res) => {
      answer = () => res.end('{"kind":"NamespaceList"}');
      socketClosed = once(req.socket, 'close');
      arrive();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closers.push(() => {
      server.closeAllConnections();
      server.close();
    });
    const port = (server.address() as AddressInfo).port;
    const pool = createTransportPool({ policy });
    closers.push(() => pool.close());
    const connect = () => Promise.resolve(connection(port));

    const rotated = await pool.get('prod', 'secret-2', connect);
    const call = rotated.request('operator', { path: '/api/v1/namespaces' });
    await arrived;
    const stale = await pool.get('prod', 'secret-1', connect);
    expect(stale).not.toBe(rotated);
    answer();
    const answered = await call;
    expect(answered.status).toBe(200);
    expect(answered.json()).toEqual({ kind: 'NamespaceList' });
    // And the replaced transport keeps no socket once its last call is answered.
    await socketClosed;
  });

  it('reconnects before a short-lived token expires', async () => {
    const local = await countingServer();
    const clock = fakeClock(0);
    const pool = createTransportPool({ policy, clock });
    closers.push(() => pool.close());
    let connects = 0;
    const connect = () => {
      connects += 1;
      return Promise.resolve({ ...connection(local.port), expiresAt: new Date(600_000) });
    };
    await pool.get('eks', 'v1', connect);
    await pool.get('eks', 'v1', connect);
    expect(connects).toBe(1);
    clock.advance(540_000);
    await pool.get('eks', 'v1', connect);
    expect(connects).toBe(2);
  });

  it('does not keep a failed connect', async () => {
    const pool = createTransportPool({ policy });
    closers.push(() => pool.close());
    await expect(
      pool.get('x', 'v1', () => Promise.reject(new Error('vendor down'))),
    ).rejects.toThrow();
    const local = await countingServer();
    const transport = await pool.get('x', 'v1', () => Promise.resolve(connection(local.port)));
    expect((await transport.request('operator', { path: '/' })).status).toBe(200);
  });
});

import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { loopbackCaData, loopbackCertificate, loopbackKey } from '../../testing/loopback-tls.js';
import { MemberCallError, MemberUpgradeRefused } from './errors.js';
import { fakeClock } from '../../testing/fake-clock.js';
import { createMemberTransport } from './transport.js';

const closers: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function listen(server: http.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return (server.address() as AddressInfo).port;
}

async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise<void>((resolve) => setImmediate(resolve));
}

describe('member transport: deadlines on the injected clock', () => {
  it('aborts a request the member never answers when the deadline passes', async () => {
    let arrived = 0;
    const port = await listen(http.createServer(() => (arrived += 1)));
    const clock = fakeClock();
    const transport = createMemberTransport(
      { server: `http://member.invalid:${port}`, auth: { token: 't' } },
      ['127.0.0.1'],
      { clock, timeoutMs: 5_000 },
    );
    closers.push(() => transport.close());
    const call = transport.request('operator', { path: '/version' });
    const outcome = call.then(
      () => 'answered',
      (error: unknown) => error,
    );
    await until(() => arrived === 1);
    clock.advance(4_999);
    clock.advance(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(MemberCallError);
    expect((error as MemberCallError).reason).toBe('timeout');
    expect(clock.pending()).toBe(0);
  });

  it('leaves no timer behind once a call is answered', async () => {
    const port = await listen(http.createServer((_req, res) => res.end('{"ok":true}')));
    const clock = fakeClock();
    const transport = createMemberTransport(
      { server: `http://member.invalid:${port}`, auth: { token: 't' } },
      ['127.0.0.1'],
      { clock },
    );
    closers.push(() => transport.close());
    const response = await transport.request({ user: 'alice' }, { path: '/x' });
    expect(response.json()).toEqual({ ok: true });
    expect(clock.pending()).toBe(0);
  });
});

describe('member transport: pooled keep-alive', () => {
  it('reuses one socket for consecutive calls and refuses calls once closed', async () => {
    const sockets = new Set<unknown>();
    const server = http.createServer((req, res) => {
      sockets.add(req.socket);
      res.end('{}');
    });
    const port = await listen(server);
    const transport = createMemberTransport(
      { server: `http://member.invalid:${port}`, auth: { token: 't' } },
      ['127.0.0.1'],
    );
    for (let i = 0; i < 3; i += 1) await transport.request('operator', { path: '/x' });
    expect(sockets.size).toBe(1);
    transport.close();
    await expect(transport.request('operator', { path: '/x' })).rejects.toBeInstanceOf(
      MemberCallError,
    );
  });
});

describe('member transport: streams', () => {
  it('delivers a large body as it arrives, before the member has finished sending', async () => {
    const chunk = Buffer.alloc(1024 * 1024, 'a');
    let finish: (() => void) | undefined;
    const port = await listen(
      http.createServer((_req, res) => {
        res.write(chunk);
        finish = () => res.end(chunk);
      }),
    );
    const transport = createMemberTransport(
      { server: `http://member.invalid:${port}`, auth: { token: 't' } },
      ['127.0.0.1'],
      { clock: fakeClock() },
    );
    closers.push(() => transport.close());
    const opened = await transport.stream('operator', { path: '/logs' });
    let received = 0;
    opened.body.on('data', (data: Buffer) => (received += data.length));
    await until(() => received >= chunk.length);
    expect(finish).toBeDefined();
    finish?.();
    await new Promise((resolve) => opened.body.on('end', resolve));
    expect(received).toBe(2 * chunk.length);
  });

  it('stops the body when the caller goes away', async () => {
    let memberSawClose = false;
    const port = await listen(
      http.createServer((req, res) => {
        res.write('line\n');
        req.socket.on('close', () => (memberSawClose = true));
      }),
    );
    const transport = createMemberTransport(
      { server: `http://member.invalid:${port}`, auth: { token: 't' } },
      ['127.0.0.1'],
      { clock: fakeClock() },
    );
    closers.push(() => transport.close());
    const disconnect = new AbortController();
    const opened = await transport.stream('operator', {
      path: '/watch',
      signal: disconnect.signal,
    });
    opened.body.on('error', () => undefined);
    disconnect.abort();
    await until(() => memberSawClose);
    expect(opened.body.destroyed).toBe(true);
  });
});

describe('member transport: upgrades', () => {
  async function tlsWebSocketServer(
    verify?: (req: http.IncomingMessage) => number | undefined,
  ): Promise<{ port: number; seen: http.IncomingHttpHeaders[] }> {
    const seen: http.IncomingHttpHeaders[] = [];
    const server = https.createServer({ cert: loopbackCertificate, key: loopbackKey });
    const wss = new WebSocketServer({
      noServer: true,
      handleProtocols: (protocols) =>
        protocols.has('v5.channel.k8s.io') ? 'v5.channel.k8s.io' : false,
    });
    server.on('upgrade', (req, socket, head) => {
      seen.push(req.headers);
      const refused = verify?.(req);
      if (refused) {
        socket.end(`HTTP/1.1 ${refused} Forbidden\r\nContent-Length: 0\r\n\r\n`);
        return;
      }
      wss.handleUpgrade(req, socket, head, (ws) => {
        ws.send('hello\n');
      });
    });
    const port = await listen(server);
    closers.push(() => wss.close());
    return { port, seen };
  }

  it('opens a TLS WebSocket as the impersonated user with the offered subprotocol', async () => {
    const { port, seen } = await tlsWebSocketServer();
    const transport = createMemberTransport(
      {
        server: `https://127.0.0.1:${port}`,
        certificateAuthorityData: loopbackCaData,
        auth: { token: 't' },
      },
      ['127.0.0.1'],
      { clock: fakeClock() },
    );
    closers.push(() => transport.close());
    const socket = await transport.upgrade(
      { user: 'alice' },
      {
        path: '/api/v1/namespaces/demo/pods/web/exec?command=echo',
        protocols: ['v5.channel.k8s.io', 'v4.channel.k8s.io'],
      },
    );
    const message = await new Promise<string>((resolve) =>
      socket.once('message', (data: Buffer) => resolve(data.toString())),
    );
    socket.close();
    expect(socket.protocol).toBe('v5.channel.k8s.io');
    expect(message).toBe('hello\n');
    expect(seen[0]?.['impersonate-user']).toBe('nimbus:alice');
    expect(seen[0]?.authorization).toBe('Bearer t');
  });

  it('reports the status when the member refuses the upgrade', async () => {
    const { port } = await tlsWebSocketServer(() => 403);
    const transport = createMemberTransport(
      {
        server: `https://127.0.0.1:${port}`,
        certificateAuthorityData: loopbackCaData,
        auth: { token: 't' },
      },
      ['127.0.0.1'],
      { clock: fakeClock() },
    );
    closers.push(() => transport.close());
    const error: unknown = await transport
      .upgrade({ user: 'bob' }, { path: '/exec', protocols: ['v5.channel.k8s.io'] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MemberUpgradeRefused);
    expect((error as MemberUpgradeRefused).status).toBe(403);
  });

  it('checks the certificate against the registered host name, not the pinned IP', async () => {
    const { port, seen } = await tlsWebSocketServer();
    const transport = createMemberTransport(
      {
        server: `https://member.example:${port}`,
        certificateAuthorityData: loopbackCaData,
        auth: { token: 't' },
      },
      ['127.0.0.1'],
      { clock: fakeClock() },
    );
    closers.push(() => transport.close());
    const error: unknown = await transport
      .upgrade('operator', { path: '/exec', protocols: ['v5.channel.k8s.io'] })
      .catch((e: unknown) => e);
    expect((error as MemberCallError).reason).toBe('tls');
    expect(seen).toHaveLength(0);
  });
});

describe('member transport: streams and calls do not share the bounded pool', () => {
  it('answers a JSON call while every pooled socket is held by a stream', async () => {
    const port = await listen(
      http.createServer((req, res) => {
        if (req.url === '/watch') res.write('{}\n');
        else res.end('{"ok":true}');
      }),
    );
    const transport = createMemberTransport(
      { server: `http://member.invalid:${port}`, auth: { token: 't' } },
      ['127.0.0.1'],
      { maxSockets: 2 },
    );
    closers.push(() => transport.close());
    const watches = await Promise.all(
      [1, 2, 3].map(() => transport.stream('operator', { path: '/watch' })),
    );
    for (const watch of watches) watch.body.on('error', () => undefined);
    expect((await transport.request('operator', { path: '/version' })).json()).toEqual({
      ok: true,
    });
  });
});

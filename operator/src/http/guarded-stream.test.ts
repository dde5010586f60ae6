import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { buildIdentity } from '../identity/build-identity.js';
import type { Identity } from '../identity/identity.js';
import { fakeClock, settle, until } from '../testing/fake-clock.js';
import { clusterObject, orgObject, userObject } from '../testing/iam.js';
import { captureLogs } from '../testing/logs.js';
import { createMemoryStore } from '../testing/memory-store.js';
import { answerGuardedStream } from './guarded-stream.js';
import { errorHandler } from './error-handler.js';
import { requestContextMiddleware } from './request-context.js';

const start = Date.parse('2026-03-01T08:00:00Z');
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

const listen = async (server: http.Server): Promise<string> => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(
    () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

/** A member log endpoint the test writes to line by line; it records when its request closes. */
async function startMember() {
  const member = {
    writer: undefined as http.ServerResponse | undefined,
    requestClosed: false,
    written: 0,
    stalled: false,
  };
  const server = http.createServer((req, res) => {
    if (req.url === '/refused') {
      res.writeHead(403, { 'content-type': 'application/json' }).end('{"kind":"Status"}');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.flushHeaders();
    member.writer = res;
    res.on('close', () => (member.requestClosed = true));
  });
  return { member, url: await listen(server) };
}

/** Writes `total` bytes as fast as the reader takes them; stops at the first full buffer. */
function flood(
  res: http.ServerResponse,
  total: number,
  state: { written: number; stalled: boolean },
) {
  const chunk = Buffer.alloc(64 * 1024, 'x\n');
  const more = (): void => {
    while (state.written < total) {
      state.written += chunk.length;
      if (!res.write(chunk)) {
        state.stalled = true;
        res.once('drain', () => {
          state.stalled = false;
          more();
        });
        return;
      }
    }
    res.end();
  };
  more();
}

async function setup(maxLifetimeSeconds = 3600) {
  const store = createMemoryStore();
  await store.organizations.create({ ...orgObject('acme'), metadata: { name: 'acme' } });
  await store.roles.create({
    metadata: { name: 'reader' },
    spec: { builtIn: true, permissions: [{ name: 'pod:logs', effect: 'Allow' }] },
  });
  const { metadata, spec } = clusterObject('alpha', 'acme');
  await store.clusters.create({ metadata: { name: 'alpha', labels: metadata.labels ?? {} }, spec });
  const alice = await store.users.create({
    ...userObject(
      'alice',
      { acme: false },
      { clusterPermissions: [{ cluster: 'alpha', role: 'reader', effect: 'Allow' }] },
    ),
    metadata: { name: 'alice' },
  });
  await store.sessions.create({
    metadata: { name: 's-1' },
    spec: { user: 'alice', expiresAt: '2099-01-01T00:00:00Z' },
  });
  const identity: Identity = buildIdentity(store, alice, { via: 'session', sessionId: 's-1' });
  const clock = fakeClock(start);
  const { member, url: memberUrl } = await startMember();

  const app = express();
  app.use(requestContextMiddleware(captureLogs().logger));
  app.get('/logs/:which', async (req, res, next) => {
    try {
      await answerGuardedStream(
        res,
        { store, maxLifetimeSeconds, clock },
        {
          identity,
          cluster: 'alpha',
          headers: { 'Content-Type': 'text/plain; charset=utf-8' },
          open: (signal) =>
            new Promise((resolve, reject) => {
              const path = req.params.which === 'refused' ? '/refused' : '/log';
              http
                .get(`${memberUrl}${path}`, { signal }, (body) => {
                  if (body.statusCode !== 200) {
                    body.resume();
                    reject(new Error(`member answered ${body.statusCode}`));
                    return;
                  }
                  resolve({ status: 200, headers: body.headers, body });
                })
                .on('error', reject);
            }),
        },
      );
    } catch (error) {
      next(error);
    }
  });
  app.use(errorHandler);
  const url = await listen(http.createServer(app));
  return { store, clock, member, url };
}

/** Reads a response's body as it arrives; `ended` says how it ended. */
function reader(response: Response) {
  const state = { text: '', ended: undefined as 'complete' | 'cut' | undefined };
  const body = response.body;
  if (!body) throw new Error('no body');
  const decoder = new TextDecoder();
  const reading = body.getReader();
  void (async () => {
    try {
      for (;;) {
        const { done, value } = await reading.read();
        if (done) break;
        state.text += decoder.decode(value, { stream: true });
      }
      state.ended = 'complete';
    } catch {
      state.ended = 'cut';
    }
  })();
  return { state, cancel: () => reading.cancel() };
}

describe('answerGuardedStream', () => {
  it('hands lines on as the member writes them and ends with the member', async () => {
    const { member, url } = await setup();
    const response = await fetch(`${url}/logs/ok`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const { state } = reader(response);
    await until(() => member.writer !== undefined);
    member.writer?.write('first line\n');
    await until(() => state.text === 'first line\n');
    expect(state.ended).toBeUndefined();
    member.writer?.end('last line\n');
    await until(() => state.ended !== undefined);
    expect(state).toEqual({ text: 'first line\nlast line\n', ended: 'complete' });
  });

  it('closes the member request when the client goes away', async () => {
    const { member, url } = await setup();
    const { cancel } = reader(await fetch(`${url}/logs/ok`));
    await until(() => member.writer !== undefined);
    await cancel();
    await until(() => member.requestClosed);
    expect(member.requestClosed).toBe(true);
  });

  it("cuts the stream and the member request when the caller's session is revoked", async () => {
    const { store, member, url } = await setup();
    const { state } = reader(await fetch(`${url}/logs/ok`));
    await until(() => member.writer !== undefined);
    member.writer?.write('before\n');
    await until(() => state.text === 'before\n');
    await store.sessions.delete('s-1');
    await until(() => state.ended !== undefined && member.requestClosed);
    expect(state).toEqual({ text: 'before\n', ended: 'cut' });
  });

  it('cuts a stream at NIMBUS_STREAM_MAX_LIFETIME', async () => {
    const { clock, member, url } = await setup(60);
    const { state } = reader(await fetch(`${url}/logs/ok`));
    await until(() => member.writer !== undefined);
    clock.advance(59_000);
    await settle();
    expect(state.ended).toBeUndefined();
    clock.advance(1_000);
    await until(() => state.ended !== undefined && member.requestClosed);
    expect(state.ended).toBe('cut');
  });

  it('reads no faster than the client: a reader that stops stalls the member', async () => {
    const { member, url } = await setup();
    const response = await fetch(`${url}/logs/ok`);
    await until(() => member.writer !== undefined);
    const total = 256 * 1024 * 1024;
    const writer = member.writer;
    if (!writer) throw new Error('no member writer');
    flood(writer, total, member);
    // Nobody reads the client's body: once the sockets' buffers are full the member must wait.
    await until(() => member.stalled);
    await settle();
    expect(member.written).toBeLessThan(total / 4);
    const { state, cancel } = reader(response);
    await until(() => state.text.length > 0);
    await cancel();
  });

  it('answers an error the usual way when the member refuses before the first byte', async () => {
    const { url } = await setup();
    const response = await fetch(`${url}/logs/refused`);
    expect(response.status).toBe(500);
    expect(((await response.json()) as { code: number }).code).not.toBe(0);
  });
});

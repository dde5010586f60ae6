import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeClock, until } from '../testing/fake-clock.js';
import { loopbackCertificate, loopbackKey } from '../testing/loopback-tls.js';
import type { OutboundFailure, OutboundRequest } from './request.js';
import { outboundRequest } from './request.js';

class Refusal extends Error {
  constructor(readonly failure: OutboundFailure) {
    super(`${failure.kind}: ${failure.detail}`);
  }
}

const servers: http.Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

interface Seen {
  method?: string;
  headers?: http.IncomingHttpHeaders;
  body?: string;
}

/** A loopback server answering with `handler`; `seen` holds the last request it got. */
async function serve(
  handler: (request: http.IncomingMessage, response: http.ServerResponse) => void,
  secure = false,
) {
  const seen: Seen = {};
  const listener = (request: http.IncomingMessage, response: http.ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      Object.assign(seen, {
        method: request.method,
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      handler(request, response);
    });
  };
  const server = secure
    ? https.createServer({ cert: loopbackCertificate, key: loopbackKey }, listener)
    : http.createServer(listener);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { port, seen };
}

/** A call to a made-up host name that the resolver pins to loopback (allow-listed by port). */
function call(port: number, extra: Partial<OutboundRequest> = {}): OutboundRequest {
  return {
    url: `http://service.example:${port}/path?q=1`,
    policy: { allowHosts: [`service.example:${port}`] },
    resolve: async () => ['127.0.0.1'],
    timeout: { idleMs: 5_000 },
    maxBytes: 1024,
    failure: (failure) => new Refusal(failure),
    ...extra,
  };
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (error: unknown) => {
      expect(error).toBeInstanceOf(Refusal);
      return (error as Refusal).failure;
    },
  );

describe('outboundRequest', () => {
  it('sends the method, headers and body to the address the check pinned', async () => {
    const { port, seen } = await serve((_request, response) => {
      response.setHeader('x-answer', 'yes');
      response.end('hello');
    });
    const answer = await outboundRequest(
      call(port, {
        method: 'POST',
        headers: { 'user-agent': 'nimbus-test', 'content-type': 'text/plain' },
        body: 'payload',
      }),
    );
    expect(answer.status).toBe(200);
    expect(answer.body.toString()).toBe('hello');
    expect(answer.headers['x-answer']).toBe('yes');
    expect(answer.url.href).toBe(`http://service.example:${port}/path?q=1`);
    expect(seen).toMatchObject({ method: 'POST', body: 'payload' });
    expect(seen.headers).toMatchObject({
      host: `service.example:${port}`,
      'user-agent': 'nimbus-test',
      'content-length': '7',
    });
  });

  it('refuses what the policy refuses before dialling anything', async () => {
    let resolved = false;
    const failure = await refusal(
      outboundRequest({
        ...call(1),
        url: 'https://metadata.example/latest/meta-data',
        policy: {},
        resolve: async () => {
          resolved = true;
          return ['169.254.169.254'];
        },
      }),
    );
    expect(resolved).toBe(true);
    expect(failure).toMatchObject({ kind: 'refused', host: 'metadata.example' });
    expect(failure.detail).toMatch(/metadata/);
  });

  it('dials plain http to a private network only when the caller allows it', async () => {
    const { port } = await serve((_request, response) => response.end('ok'));
    const privateCall = {
      ...call(port),
      policy: {},
      // The host resolves to a private address; the pinned socket still goes there, so use
      // a refusal to show the check passed: nothing listens on 10.255.255.1 in the test.
      resolve: async () => ['10.255.255.1'],
    };
    expect(await refusal(outboundRequest(privateCall))).toMatchObject({ kind: 'refused' });
    const failure = await refusal(
      outboundRequest({ ...privateCall, plainHttp: 'private-network', timeout: { idleMs: 200 } }),
    );
    expect(failure.kind).not.toBe('refused');
  });

  it('fails as too-large once the answer passes maxBytes', async () => {
    const { port } = await serve((_request, response) => response.end('x'.repeat(2048)));
    const failure = await refusal(outboundRequest(call(port)));
    expect(failure).toMatchObject({ kind: 'too-large', maxBytes: 1024 });
  });

  it('drains an answer unread when only the status counts', async () => {
    const { port } = await serve((_request, response) => {
      response.statusCode = 202;
      response.end('y'.repeat(4096));
    });
    const answer = await outboundRequest(call(port, { discardBody: true, maxBytes: 0 }));
    expect(answer.status).toBe(202);
    expect(answer.body.length).toBe(0);
  });

  it('gives up on an idle socket', async () => {
    const { port } = await serve(() => undefined);
    const failure = await refusal(outboundRequest(call(port, { timeout: { idleMs: 100 } })));
    expect(failure).toMatchObject({ kind: 'timeout', detail: 'no answer within 100 ms' });
  });

  it('bounds the whole call on the given clock', async () => {
    let asked = false;
    const { port } = await serve(() => {
      asked = true;
    });
    const clock = fakeClock();
    const pending = refusal(outboundRequest(call(port, { timeout: { totalMs: 30_000, clock } })));
    await until(() => asked);
    clock.advance(30_000);
    expect(await pending).toMatchObject({ kind: 'timeout', detail: 'no answer within 30000 ms' });
    expect(clock.pending()).toBe(0);
  });

  it('reports a failed connection with its cause', async () => {
    const { port } = await serve((_request, response) => response.end('never read'));
    await new Promise((resolve) => servers.pop()?.close(resolve));
    const failure = await refusal(outboundRequest(call(port)));
    expect(failure.kind).toBe('failed');
    expect(failure.kind === 'failed' && failure.cause.code).toBe('ECONNREFUSED');
  });

  it('trusts a private CA only where the caller gives it', async () => {
    const { port } = await serve((_request, response) => response.end('secure'), true);
    const secureCall = {
      ...call(port),
      url: `https://127.0.0.1:${port}/`,
      policy: { allowHosts: [`127.0.0.1:${port}`] },
    };
    const untrusted = await refusal(outboundRequest(secureCall));
    expect(untrusted.kind === 'failed' && untrusted.cause.code).toMatch(
      /SELF_SIGNED|UNABLE_TO_VERIFY/,
    );
    const answer = await outboundRequest({ ...secureCall, ca: loopbackCertificate });
    expect(answer.body.toString()).toBe('secure');
  });
});

import { request } from 'node:http';
import { PassThrough } from 'node:stream';
import type { IncomingMessage } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import type { TestApp } from '../testing/app.js';
import { startTestApp } from '../testing/app.js';
import { drainRequestBody } from './drain-body.js';

let app: TestApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** Sends `body` with plain http (as a script would) and reports the answer or the broken pipe. */
function put(url: string, body: Buffer): Promise<{ status?: number; error?: string }> {
  return new Promise((resolve) => {
    const outgoing = request(
      `${url}/api/v1/appstore.nimbus.io/vendors/ProviderKubeconfig/regions/r/clusters/c/namespaces/n/releases/x`,
      {
        method: 'PUT',
        headers: { 'content-type': 'text/plain', 'content-length': body.length },
        agent: false,
      },
    );
    outgoing.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code }));
    outgoing.on('response', (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0 }));
    });
    outgoing.end(body);
  });
}

/** A request still being received: its body is the stream. */
const incoming = (stream: PassThrough, headers: Record<string, string> = {}): IncomingMessage =>
  Object.assign(stream, { complete: false, headers }) as unknown as IncomingMessage;

describe('a refusal before the body was read', () => {
  it('reaches a client still sending a large body, instead of a broken pipe', async () => {
    app = await startTestApp();
    const body = Buffer.alloc(9 * 1024 * 1024, 'x');
    expect(await put(app.url, body)).toEqual({ status: 401 });
  });

  it('waits for the rest of the body before the answer is written', async () => {
    const stream = new PassThrough();
    const req = incoming(stream);
    let drained = false;
    const draining = drainRequestBody(req).then(() => (drained = true));
    stream.write(Buffer.alloc(4096));
    await new Promise((resolve) => setImmediate(resolve));
    expect(drained).toBe(false);
    stream.end(Buffer.alloc(4096));
    await draining;
    expect(drained).toBe(true);
  });

  it('does not read a body declared larger than the limit', async () => {
    const stream = new PassThrough();
    await drainRequestBody(incoming(stream, { 'content-length': String(64 * 1024 * 1024) }), 1024);
    expect(stream.readableFlowing).toBeNull();
  });

  it('stops reading once more than the limit arrived', async () => {
    const stream = new PassThrough();
    const drained = drainRequestBody(incoming(stream), 1024);
    stream.write(Buffer.alloc(2048));
    await drained;
    expect(stream.listenerCount('data')).toBe(0);
  });
});

import type { IncomingMessage, ServerResponse } from 'node:http';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { listen, serverUrl, shutdown } from './server.js';

/** An app with one request that stays in flight until the test releases it. */
function slowApp() {
  let release: () => void = () => undefined;
  let arrived: () => void = () => undefined;
  const started = new Promise<void>((resolve) => (arrived = resolve));
  const app = express();
  app.get('/slow', (_req: IncomingMessage, res: ServerResponse) => {
    arrived();
    release = () => res.end('done');
  });
  return { app, started, release: () => release() };
}

describe('graceful shutdown', () => {
  it('lets in-flight requests finish and refuses new connections', async () => {
    const { app, started, release } = slowApp();
    const server = await listen(app, '127.0.0.1', 0);
    const url = serverUrl(server);
    const inFlight = fetch(`${url}/slow`).then((response) => response.text());
    await started;

    const stopped = shutdown(server, 5_000);
    await expect(fetch(`${url}/slow`)).rejects.toThrow();
    release();

    expect(await inFlight).toBe('done');
    expect(await stopped).toBe('drained');
  });

  it('cuts requests that outlive the timeout', async () => {
    const { app, started } = slowApp();
    const server = await listen(app, '127.0.0.1', 0);
    const inFlight = fetch(`${serverUrl(server)}/slow`).catch((error: unknown) => error);
    await started;

    expect(await shutdown(server, 50)).toBe('forced');
    expect(await inFlight).toBeInstanceOf(Error);
  });
});

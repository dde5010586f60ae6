import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { RunningServer } from '../testing/http.js';
import { serve } from '../testing/http.js';
import { captureLogs } from '../testing/logs.js';
import { errorHandler, notFoundHandler } from './error-handler.js';
import { ApiError, errors } from '../core/errors.js';
import { requestContextMiddleware } from './request-context.js';
import { handle } from './respond.js';
import { parseInput } from '../core/validate.js';

let running: RunningServer | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

/** The real writer and error mapping, behind throwaway routes. */
async function startWith(routes: (app: express.Express) => void) {
  const logs = captureLogs();
  const app = express();
  app.use(requestContextMiddleware(logs.logger));
  app.use(express.json());
  routes(app);
  app.use(notFoundHandler);
  app.use(errorHandler);
  running = await serve(app);
  return { url: running.url, logs };
}

describe('response writer', () => {
  it('wraps returned data in the success envelope', async () => {
    const { url } = await startWith((app) =>
      app.get(
        '/items',
        handle(() => ({ items: [1, 2] })),
      ),
    );
    expect(await (await fetch(`${url}/items`)).json()).toEqual({
      code: 0,
      message: 'success',
      data: { items: [1, 2] },
    });
  });

  it('writes null data as a success, not as a missing response', async () => {
    const { url } = await startWith((app) =>
      app.get(
        '/nothing',
        handle(() => null),
      ),
    );
    expect(await (await fetch(`${url}/nothing`)).json()).toEqual({
      code: 0,
      message: 'success',
      data: null,
    });
  });

  it('maps a thrown ApiError to its catalogue code, status and details', async () => {
    const { url } = await startWith((app) =>
      app.get(
        '/taken',
        handle(() => {
          throw new ApiError(errors.conflict, {
            message: 'alice already existed, please change',
            details: { name: 'alice' },
          });
        }),
      ),
    );
    const response = await fetch(`${url}/taken`);
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      code: errors.conflict.code,
      message: 'alice already existed, please change',
      data: { name: 'alice' },
    });
  });

  it.each([
    ['tokenInvalid', 9998, 401],
    ['noPermission', 9997, 403],
  ] as const)('keeps the SPEC code of %s', async (name, code, status) => {
    const { url } = await startWith((app) =>
      app.get(
        '/guarded',
        handle(() => {
          throw new ApiError(errors[name]);
        }),
      ),
    );
    const response = await fetch(`${url}/guarded`);
    expect(response.status).toBe(status);
    expect(await response.json()).toMatchObject({ code });
  });

  it('hides internal errors behind a generic message and logs them with the request id', async () => {
    const { url, logs } = await startWith((app) =>
      app.get(
        '/boom',
        handle(async () => {
          await Promise.resolve();
          throw new Error('db connection string postgres://admin@10.0.0.1 failed');
        }),
      ),
    );
    const response = await fetch(`${url}/boom`);
    const text = await response.text();
    expect(response.status).toBe(500);
    expect(JSON.parse(text)).toEqual({
      code: errors.internal.code,
      message: errors.internal.message,
      data: null,
    });
    expect(text).not.toContain('postgres');
    expect(text).not.toContain('at ');
    const logged = logs.entries().find((entry) => entry.msg === 'internal error');
    expect(logged?.reqId).toBe(response.headers.get('x-request-id'));
    expect(JSON.stringify(logged)).toContain('db connection string');
  });

  it.each(['%zz', '%E0%A4%A', '%C0%AE%C0%AE', '%'])(
    'answers a path parameter %s that cannot be percent-decoded with validation failed',
    async (segment) => {
      const { url, logs } = await startWith((app) =>
        app.get(
          '/items/:name',
          handle((req) => req.params.name),
        ),
      );
      const response = await fetch(`${url}/items/${segment}`);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: errors.validationFailed.code });
      expect(logs.entries().filter((entry) => entry.msg === 'internal error')).toEqual([]);
    },
  );

  it('answers a body that is not the gzip its Content-Encoding says with validation failed', async () => {
    const { url, logs } = await startWith((app) =>
      app.post(
        '/items',
        handle(() => null),
      ),
    );
    const response = await fetch(`${url}/items`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      body: '{"name":"plain"}',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      code: errors.validationFailed.code,
      message: 'the request body does not match its Content-Encoding',
    });
    expect(logs.entries().filter((entry) => entry.msg === 'internal error')).toEqual([]);
  });

  it('reports validation issues by path without echoing the input', async () => {
    const body = z.object({ email: z.email(), age: z.int().min(0) });
    const { url } = await startWith((app) =>
      app.post(
        '/users',
        handle((req) => parseInput(body, req.body)),
      ),
    );
    const response = await fetch(`${url}/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'not-an-email-secret', age: -1 }),
    });
    expect(response.status).toBe(400);
    const envelope = (await response.json()) as { code: number; data: { path: string }[] };
    expect(envelope.code).toBe(errors.validationFailed.code);
    expect(envelope.data.map((issue) => issue.path)).toEqual(['email', 'age']);
    expect(JSON.stringify(envelope)).not.toContain('not-an-email-secret');
  });
});

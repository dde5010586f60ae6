import { afterEach, describe, expect, it } from 'vitest';
import type { TestApp } from '../testing/app.js';
import { startTestApp } from '../testing/app.js';
import { serve } from '../testing/http.js';
import { errors } from '../core/errors.js';
import { createHttpMetrics, createMetricsApp } from './metrics.js';
import { jsonBodyLimit } from './routes/index.js';

let app: TestApp | undefined;

async function start(...args: Parameters<typeof startTestApp>): Promise<TestApp> {
  app = await startTestApp(...args);
  return app;
}

afterEach(async () => {
  await app?.close();
  app = undefined;
});

const api = '/api/v1/system.nimbus.io';

describe('system service', () => {
  it('returns the version string in the envelope', async () => {
    const { url } = await start({ version: '0.1.0' });
    const response = await fetch(`${url}${api}/version`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ code: 0, message: 'success', data: '0.1.0' });
  });

  it('returns the system configs with the MFA switch', async () => {
    const { url } = await start({ mfaEnabled: true, version: '0.1.0' });
    const body = await (await fetch(`${url}${api}/configs`)).json();
    expect(body).toEqual({
      code: 0,
      message: 'success',
      data: { MFA: true, version: '0.1.0', host: 'nimbus.io' },
    });
  });

  it('mounts services under the configured host', async () => {
    const { url } = await start({ host: 'cloud.example.com' });
    const body = await (await fetch(`${url}/api/v1/system.cloud.example.com/version`)).json();
    expect(body).toMatchObject({ code: 0 });
    const other = await fetch(`${url}${api}/version`);
    expect(other.status).toBe(404);
  });
});

describe('error envelope', () => {
  it('answers unknown API routes with the JSON not-found envelope', async () => {
    const { url } = await start();
    const response = await fetch(`${url}/api/v1/nope.nimbus.io/things`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({
      code: errors.notFound.code,
      message: errors.notFound.message,
      data: null,
    });
  });

  it('maps malformed JSON to the bad JSON error instead of crashing', async () => {
    const { url } = await start();
    const response = await fetch(`${url}${api}/configs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name": ',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: errors.badJson.code });
    const again = await fetch(`${url}${api}/version`);
    expect(again.status).toBe(200);
  });

  it(`refuses JSON bodies over ${jsonBodyLimit}`, async () => {
    const { url } = await start();
    const response = await fetch(`${url}${api}/configs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ blob: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ code: errors.payloadTooLarge.code });
  });
});

describe('request id', () => {
  it('echoes a safe incoming X-Request-Id', async () => {
    const { url } = await start();
    const response = await fetch(`${url}${api}/version`, {
      headers: { 'x-request-id': 'trace-1234abcd' },
    });
    expect(response.headers.get('x-request-id')).toBe('trace-1234abcd');
  });

  it('replaces an unsafe incoming X-Request-Id with a generated one', async () => {
    const { url, logs } = await start();
    const response = await fetch(`${url}${api}/version`, {
      headers: { 'x-request-id': 'bad id\twith "quotes"' },
    });
    const id = response.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const entry = logs.entries().find((line) => line.msg === 'request completed');
    expect(entry).toMatchObject({ reqId: id, method: 'GET', url: `${api}/version`, status: 200 });
    expect(entry?.durationMs).toBeTypeOf('number');
  });
});

describe('security headers', () => {
  it('sends a CSP that allows antd inline styles but only same-origin scripts', async () => {
    const { url } = await start();
    const response = await fetch(`${url}/healthz`);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("img-src 'self' data:");
    expect(response.headers.get('x-powered-by')).toBeNull();
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('probes', () => {
  it('reports healthz even when the hub is down', async () => {
    const { url } = await start({ readiness: { ready: false, reason: 'down' } });
    const response = await fetch(`${url}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('reports readyz 503 with the reason while the hub does not answer', async () => {
    const { url } = await start({ readiness: { ready: false, reason: 'hub down' } });
    const response = await fetch(`${url}/readyz`);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: 'unavailable', reason: 'hub down' });
  });

  it('reports readyz 200 when the hub answers', async () => {
    const { url } = await start({ readiness: { ready: true } });
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
  });
});

describe('metrics', () => {
  it('serves default metrics and the request histogram by route template on its own port only', async () => {
    const metrics = createHttpMetrics();
    const { url } = await start({ metrics });
    const metricsServer = await serve(createMetricsApp(metrics));
    try {
      await fetch(`${url}${api}/version`);
      await fetch(`${url}/api/v1/unknown.nimbus.io/random-${Date.now()}`);
      expect((await fetch(`${url}/metrics`)).status).toBe(404);
      const text = await (await fetch(`${metricsServer.url}/metrics`)).text();
      expect(text).toContain('process_cpu_user_seconds_total');
      expect(text).toContain('# TYPE nimbus_http_request_duration_seconds histogram');
      expect(text).toMatch(
        new RegExp(
          `nimbus_http_request_duration_seconds_count\\{method="GET",route="${api}/version",status_code="200"\\} 1`,
        ),
      );
      expect(text).toMatch(/route="unmatched",status_code="404"/);
      expect(text).not.toContain('random-');
      expect((await fetch(`${metricsServer.url}${api}/version`)).status).toBe(404);
    } finally {
      await metricsServer.close();
    }
  });
});

describe('logging of requests', () => {
  it('never writes credentials from headers, query or body into the log', async () => {
    const { url, logs } = await start();
    const secret = 'Sup3rSecretValue';
    await fetch(`${url}/api/v1/auth.nimbus.io/login?token=${secret}&page=2`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${secret}`,
        cookie: `nimbus_token=${secret}`,
        'x-nimbus-token': secret,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ password: secret, secretKey: secret }),
    });
    expect(logs.text()).toContain('request completed');
    expect(logs.text()).toContain('page=2');
    expect(logs.text()).not.toContain(secret);
  });
});

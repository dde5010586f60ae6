// The operator under test, started by `make test` against the hub, answers through its real
// HTTP server: envelope, version, configs, health and metrics.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { testEnv } from '../support/env.js';

const operatorPackage = JSON.parse(
  readFileSync(new URL('../../operator/package.json', import.meta.url), 'utf8'),
) as { version: string };

async function getJson(path: string): Promise<{ status: number; body: unknown; headers: Headers }> {
  const response = await fetch(new URL(path, testEnv.operatorUrl));
  return { status: response.status, body: await response.json(), headers: response.headers };
}

describe('system API of the running operator', () => {
  it('returns the version in the envelope', async () => {
    const { status, body, headers } = await getJson(`/api/v1/system.${testEnv.host}/version`);
    expect(status).toBe(200);
    expect(body).toEqual({ code: 0, message: 'success', data: operatorPackage.version });
    expect(headers.get('x-request-id')).toBeTruthy();
  });

  it('returns the system configs with the MFA switch make test turns on', async () => {
    const { body } = await getJson(`/api/v1/system.${testEnv.host}/configs`);
    expect(body).toMatchObject({ code: 0, data: { MFA: true, version: operatorPackage.version } });
  });

  it('is ready because the hub answers', async () => {
    const response = await fetch(new URL('/readyz', testEnv.operatorUrl));
    expect(response.status).toBe(200);
  });

  it('answers an unknown API path with the not-found envelope', async () => {
    const { status, body } = await getJson(`/api/v1/system.${testEnv.host}/no-such-thing`);
    expect(status).toBe(404);
    expect(body).toMatchObject({ code: 1004 });
  });

  it('exposes Prometheus metrics on the metrics port only, including the request histogram', async () => {
    await fetch(new URL(`/api/v1/system.${testEnv.host}/version`, testEnv.operatorUrl));
    const text = await (await fetch(new URL('/metrics', testEnv.metricsUrl))).text();
    expect(text).toMatch(/process_cpu_seconds_total/);
    expect(text).toMatch(/_bucket\{[^}]*method="GET"/);
    expect((await fetch(new URL('/metrics', testEnv.operatorUrl))).status).toBe(404);
  });

  it('serves the console with SPA fallback and the configured host', async () => {
    const response = await fetch(new URL('/some/deep/route', testEnv.operatorUrl));
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<div id="root">');
    expect(html).toContain(`<meta name="nimbus-host" content="${testEnv.host}"`);
  });
});

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../testing/app.js';
import { startTestApp } from '../testing/app.js';
import { withProductHost } from './console.js';

const indexHtml =
  '<!doctype html><html><head><meta name="nimbus-host" content="nimbus.io" /></head>' +
  '<body><div id="root"></div></body></html>';
const assetJs = 'console.log("console bundle");';

let consoleDir: string;
let app: TestApp | undefined;

beforeAll(() => {
  consoleDir = mkdtempSync(join(tmpdir(), 'nimbus-console-'));
  mkdirSync(join(consoleDir, 'assets'));
  writeFileSync(join(consoleDir, 'index.html'), indexHtml);
  writeFileSync(join(consoleDir, 'assets', 'index-3f2a9c.js'), assetJs);
  writeFileSync(join(consoleDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
});

afterAll(() => rmSync(consoleDir, { recursive: true, force: true }));

afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function startWithConsole(dir = consoleDir, host = 'nimbus.io'): Promise<string> {
  app = await startTestApp({ consoleDir: dir, host });
  return app.url;
}

describe('console serving', () => {
  it('serves index.html at / without caching', async () => {
    const url = await startWithConsole();
    const response = await fetch(`${url}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toBe(indexHtml);
  });

  it.each(['/home', '/detail/Deployment/web?cluster=a', '/admin/user/add'])(
    'falls back to index.html for the client route %s',
    async (path) => {
      const url = await startWithConsole();
      const response = await fetch(`${url}${path}`);
      expect(response.status).toBe(200);
      expect(await response.text()).toBe(indexHtml);
    },
  );

  it('tells the console the configured product domain through its meta tag', async () => {
    const url = await startWithConsole(consoleDir, 'cloud.example.com');
    const html = await (await fetch(`${url}/home`)).text();
    expect(html).toContain('<meta name="nimbus-host" content="cloud.example.com" />');
    expect(html).not.toContain('content="nimbus.io"');
  });

  it('fills in the product domain when index.html is requested by name', async () => {
    const url = await startWithConsole(consoleDir, 'cloud.example.com');
    const response = await fetch(`${url}/index.html`);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toContain('content="cloud.example.com"');
  });

  it('escapes the product domain in the meta tag', () => {
    expect(withProductHost(indexHtml, '"><script>')).toContain(
      'content="&#34;&#62;&#60;script&#62;"',
    );
  });

  it('serves hashed assets with a long immutable cache', async () => {
    const url = await startWithConsole();
    const response = await fetch(`${url}/assets/index-3f2a9c.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await response.text()).toBe(assetJs);
  });

  it('revalidates files outside assets/', async () => {
    const url = await startWithConsole();
    const response = await fetch(`${url}/favicon.svg`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers a missing asset with 404, not with HTML', async () => {
    const url = await startWithConsole();
    const response = await fetch(`${url}/assets/index-000000.js`);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('<html');
  });

  it.each(['/api/v1/unknown', '/api', '/healthz/extra', '/metrics/x'])(
    'never answers the reserved path %s with the console',
    async (path) => {
      const url = await startWithConsole();
      const response = await fetch(`${url}${path}`);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    },
  );

  it('answers non-GET requests to unknown paths with the JSON 404 envelope', async () => {
    const url = await startWithConsole();
    const response = await fetch(`${url}/home`, { method: 'POST' });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 1004 });
  });

  it('serves a notice instead of crashing when the console is not built', async () => {
    const url = await startWithConsole(join(consoleDir, 'does-not-exist'));
    const response = await fetch(`${url}/home`);
    expect(response.status).toBe(503);
    expect(await response.text()).toContain('console is not built');
    expect((await fetch(`${url}/api/v1/system.nimbus.io/version`)).status).toBe(200);
  });
});

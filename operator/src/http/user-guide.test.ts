import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../testing/app.js';
import { startTestApp } from '../testing/app.js';

const spaIndex = '<!doctype html><html><body><div id="root"></div></body></html>';
const guideIndex =
  '<!doctype html><html lang="en"><title>Nimbus user guide</title><a href="audit.html">Audit</a></html>';
const auditPage = '<!doctype html><html lang="en"><title>Audit · Nimbus user guide</title></html>';

let consoleDir: string;
let app: TestApp;

beforeAll(async () => {
  consoleDir = mkdtempSync(join(tmpdir(), 'nimbus-guide-'));
  mkdirSync(join(consoleDir, 'docs', 'en'), { recursive: true });
  writeFileSync(join(consoleDir, 'index.html'), spaIndex);
  writeFileSync(join(consoleDir, 'docs', 'en', 'index.html'), guideIndex);
  writeFileSync(join(consoleDir, 'docs', 'en', 'audit.html'), auditPage);
  writeFileSync(join(consoleDir, 'docs', 'guide.css'), 'body { margin: 0; }');
  app = await startTestApp({ consoleDir });
});

afterAll(async () => {
  await app.close();
  rmSync(consoleDir, { recursive: true, force: true });
});

const get = (path: string) => fetch(`${app.url}${path}`, { redirect: 'manual' });

describe('user guide serving', () => {
  it('answers /docs/en/ with the guide index under the console CSP', async () => {
    const response = await get('/docs/en/');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toBe(guideIndex);
  });

  it('serves the pages the index links to, and the stylesheet', async () => {
    expect(await (await get('/docs/en/audit.html')).text()).toBe(auditPage);
    const css = await get('/docs/guide.css');
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
  });

  it('adds the slash the relative links need, and opens English at /docs', async () => {
    const bare = await get('/docs/en');
    expect(bare.status).toBe(301);
    expect(bare.headers.get('location')).toBe('/docs/en/');
    const root = await get('/docs');
    expect(root.status).toBe(302);
    expect(root.headers.get('location')).toBe('/docs/en/');
  });

  it.each(['/docs/en/missing.html', '/docs/fr/'])(
    'answers %s with 404, never the console page',
    async (path) => {
      const response = await get(path);
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain('id="root"');
    },
  );
});

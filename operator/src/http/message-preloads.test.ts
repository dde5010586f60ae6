import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../testing/app.js';
import { startTestApp } from '../testing/app.js';
import { withMessagePreloads } from './message-preloads.js';

const indexHtml =
  '<!doctype html><html><head><meta name="nimbus-host" content="nimbus.io" />' +
  '<script type="module" crossorigin src="/assets/index-1.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/runtime-1.js">' +
  '</head><body><div id="root"></div></body></html>';
const preloads = {
  en: ['/assets/messages-en-1.js', '/assets/runtime-1.js'],
  zh: ['/assets/messages-zh-1.js', '/assets/runtime-1.js'],
  ja: ['/assets/messages-ja-1.js', '/assets/runtime-1.js'],
};

const withPreloads = mkdtempSync(join(tmpdir(), 'nimbus-preloads-'));
const withBadMap = mkdtempSync(join(tmpdir(), 'nimbus-preloads-bad-'));
const withoutMap = mkdtempSync(join(tmpdir(), 'nimbus-preloads-none-'));
let app: TestApp | undefined;

beforeAll(() => {
  for (const dir of [withPreloads, withBadMap, withoutMap]) {
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), indexHtml);
  }
  writeFileSync(join(withPreloads, 'message-preloads.json'), JSON.stringify(preloads));
  writeFileSync(
    join(withBadMap, 'message-preloads.json'),
    JSON.stringify({ en: ['https://evil.example/x.js', '"><script>alert(1)</script>'] }),
  );
});

afterAll(() => {
  for (const dir of [withPreloads, withBadMap, withoutMap]) {
    rmSync(dir, { recursive: true, force: true });
  }
});

afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function pageFor(consoleDir: string, headers: Record<string, string>): Promise<Response> {
  app = await startTestApp({ consoleDir, host: 'nimbus.io' });
  return fetch(`${app.url}/login`, { headers });
}

const preloaded = (html: string): string[] =>
  [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
    (match) => match[1] ?? '',
  );

describe("the console's page names the visitor's messages for preloading", () => {
  it.each([
    ['the language cookie', { Cookie: 'language=ja', 'Accept-Language': 'en-US' }, 'ja'],
    ['the browser language, by prefix', { 'Accept-Language': 'en-GB,en;q=0.9' }, 'en'],
    [
      'the browser languages in their order',
      { 'Accept-Language': 'fr;q=1, ja;q=0.8, en;q=0.5' },
      'ja',
    ],
    ['zh, when neither names one of ours', { 'Accept-Language': 'de-DE' }, 'zh'],
    ['zh, for a cookie naming another language', { Cookie: 'language=fr' }, 'zh'],
  ])('by %s', async (_by, headers, language) => {
    const response = await pageFor(withPreloads, headers);
    expect(response.status).toBe(200);
    const html = await response.text();
    // The runtime the page names already is not named twice.
    expect(preloaded(html)).toEqual(['/assets/runtime-1.js', `/assets/messages-${language}-1.js`]);
    expect(response.headers.get('vary')).toMatch(/accept-language/i);
    expect(response.headers.get('vary')).toMatch(/cookie/i);
  });

  it('names nothing more when the build wrote no map, or one that is not its own', async () => {
    for (const dir of [withoutMap, withBadMap]) {
      const html = await (await pageFor(dir, { 'Accept-Language': 'en' })).text();
      expect(preloaded(html)).toEqual(['/assets/runtime-1.js']);
      expect(html).not.toContain('evil.example');
      expect(html).not.toContain('alert(1)');
      await app?.close();
      app = undefined;
    }
  });
});

describe('withMessagePreloads', () => {
  it('leaves a page without a head as it is', () => {
    expect(withMessagePreloads('<p>x</p>', ['/assets/a.js'])).toBe('<p>x</p>');
  });

  it('never names a path that is not one of the build scripts', () => {
    const html = withMessagePreloads('<head></head>', ['/assets/a.js', '/etc/passwd', '//x/a.js']);
    expect(preloaded(html)).toEqual(['/assets/a.js']);
  });
});

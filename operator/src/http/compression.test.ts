import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../testing/app.js';
import { startTestApp } from '../testing/app.js';
import { compressionThresholdBytes, isCompressedType } from './compression.js';

// The console build writes .br and .gz copies (console/build/precompress.ts); these are stand-ins
// whose content differs from a fresh compression of the plain file, so a test can tell which
// of the three was served.
const script = `export const bundle = ${JSON.stringify('x'.repeat(4000))};\n`;
const scriptAsBrotli = `${script}// the brotli copy\n`;
const scriptAsGzip = `${script}// the gzip copy\n`;
const smallScript = 'export const tiny = 1;\n';
const guidePage = `<!doctype html><html><body>${'<p>guide</p>'.repeat(200)}</body></html>`;
const largeIndex =
  '<!doctype html><html><head><meta name="nimbus-host" content="nimbus.io" /></head>' +
  `<body><div id="root">${'<span>boot</span>'.repeat(200)}</div></body></html>`;

let consoleDir: string;
let app: TestApp | undefined;

beforeAll(() => {
  consoleDir = mkdtempSync(join(tmpdir(), 'nimbus-compression-'));
  mkdirSync(join(consoleDir, 'assets'));
  mkdirSync(join(consoleDir, 'docs', 'en'), { recursive: true });
  writeFileSync(join(consoleDir, 'index.html'), largeIndex);
  writeFileSync(join(consoleDir, 'assets', 'app-1a2b.js'), script);
  writeFileSync(join(consoleDir, 'assets', 'app-1a2b.js.br'), brotliCompressSync(scriptAsBrotli));
  writeFileSync(join(consoleDir, 'assets', 'app-1a2b.js.gz'), gzipSync(scriptAsGzip));
  writeFileSync(join(consoleDir, 'assets', 'tiny-9f8e.js'), smallScript);
  writeFileSync(join(consoleDir, 'docs', 'en', 'clusters.html'), guidePage);
  writeFileSync(join(consoleDir, 'docs', 'en', 'clusters.html.br'), brotliCompressSync(guidePage));
});

afterAll(() => rmSync(consoleDir, { recursive: true, force: true }));

afterEach(async () => {
  await app?.close();
  app = undefined;
});

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A request whose answer is not decoded, as fetch would: the test reads the bytes on the wire. */
function rawRequest(
  url: string,
  headers: Record<string, string>,
  method = 'GET',
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { method, headers }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () =>
        resolve({
          status: incoming.statusCode ?? 0,
          headers: incoming.headers,
          body: Buffer.concat(chunks),
        }),
      );
      incoming.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

async function startWithConsole(): Promise<string> {
  app = await startTestApp({ consoleDir, host: 'nimbus.io' });
  return app.url;
}

const chromium = { 'Accept-Encoding': 'gzip, deflate, br, zstd' };

describe("the console's precompressed files", () => {
  it('serves the brotli copy to a browser that takes brotli, whatever order it lists them in', async () => {
    const url = await startWithConsole();
    const answer = await rawRequest(`${url}/assets/app-1a2b.js`, chromium);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.headers.vary).toMatch(/accept-encoding/i);
    expect(answer.headers['accept-ranges']).toBeUndefined();
    expect(brotliDecompressSync(answer.body).toString()).toBe(scriptAsBrotli);
  });

  it('serves the gzip copy when brotli is not taken', async () => {
    const url = await startWithConsole();
    for (const accept of ['gzip', 'br;q=0, gzip', 'deflate, gzip;q=0.5']) {
      const answer = await rawRequest(`${url}/assets/app-1a2b.js`, { 'Accept-Encoding': accept });
      expect(answer.headers['content-encoding'], accept).toBe('gzip');
      expect(gunzipSync(answer.body).toString()).toBe(scriptAsGzip);
    }
  });

  it('serves the plain file to a client that takes neither, still saying the answer varies', async () => {
    const url = await startWithConsole();
    const clients: Record<string, string>[] = [
      {},
      { 'Accept-Encoding': 'identity' },
      { 'Accept-Encoding': 'br;q=0' },
    ];
    for (const headers of clients) {
      const answer = await rawRequest(`${url}/assets/app-1a2b.js`, headers);
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(answer.body.toString()).toBe(script);
    }
  });

  it('gives each encoding its own validator, so a cache never mixes them up', async () => {
    const url = await startWithConsole();
    const brotli = await rawRequest(`${url}/assets/app-1a2b.js`, chromium);
    const plain = await rawRequest(`${url}/assets/app-1a2b.js`, {});
    expect(brotli.headers.etag).toBeDefined();
    expect(brotli.headers.etag).not.toBe(plain.headers.etag);
    const revalidated = await rawRequest(`${url}/assets/app-1a2b.js`, {
      ...chromium,
      'If-None-Match': brotli.headers.etag ?? '',
    });
    expect(revalidated.status).toBe(304);
  });

  it('answers HEAD with the encoded headers and no body', async () => {
    const url = await startWithConsole();
    const answer = await rawRequest(`${url}/assets/app-1a2b.js`, chromium, 'HEAD');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.body.length).toBe(0);
  });

  it('serves a file without copies as it is', async () => {
    const url = await startWithConsole();
    const answer = await rawRequest(`${url}/assets/tiny-9f8e.js`, chromium);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers['content-type']).toMatch(/javascript/);
    expect(answer.body.toString()).toBe(smallScript);
  });

  it('still answers a missing asset with a plain 404', async () => {
    const url = await startWithConsole();
    const answer = await rawRequest(`${url}/assets/gone-0000.js`, chromium);
    expect(answer.status).toBe(404);
    expect(answer.headers['content-type']).toMatch(/^text\/plain/);
    expect(answer.headers['content-encoding']).toBeUndefined();
  });

  it('never reads a copy outside the console directory', async () => {
    const outside = join(consoleDir, '..', 'nimbus-compression-outside.js');
    writeFileSync(outside, 'secret');
    writeFileSync(`${outside}.br`, brotliCompressSync('secret'));
    try {
      const url = await startWithConsole();
      const answer = await rawRequest(
        `${url}/assets/..%2f..%2fnimbus-compression-outside.js`,
        chromium,
      );
      expect(answer.body.toString()).not.toContain('secret');
      expect(answer.headers['content-encoding']).not.toBe('br');
    } finally {
      rmSync(outside, { force: true });
      rmSync(`${outside}.br`, { force: true });
    }
  });

  it("serves the user guide's pages precompressed too", async () => {
    const url = await startWithConsole();
    const answer = await rawRequest(`${url}/docs/en/clusters.html`, chromium);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    expect(brotliDecompressSync(answer.body).toString()).toBe(guidePage);
  });
});

describe('answers compressed per request', () => {
  it("compresses the console's page, which carries the product domain", async () => {
    const url = await startWithConsole();
    const answer = await rawRequest(`${url}/home`, chromium);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(answer.body).toString()).toBe(largeIndex);
  });

  it('compresses a JSON answer of 1 KiB or more with what the client takes', async () => {
    const url = await startWithConsole();
    const brotli = await rawRequest(`${url}/api/v1/openapi.json`, chromium);
    expect(brotli.status).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    const document = JSON.parse(brotliDecompressSync(brotli.body).toString()) as {
      openapi: string;
    };
    expect(document.openapi).toBe('3.1.0');

    const gzip = await rawRequest(`${url}/api/v1/openapi.json`, { 'Accept-Encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.body).toString())).toEqual(document);
    expect(gzip.body.length).toBeLessThan(gunzipSync(gzip.body).length / 3);

    const plain = await rawRequest(`${url}/api/v1/openapi.json`, {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.body.toString())).toEqual(document);
  });

  it('leaves a JSON answer below 1 KiB as it is', async () => {
    const url = await startWithConsole();
    const answer = await rawRequest(`${url}/api/v1/no/such/call`, chromium);
    expect(answer.status).toBe(404);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(answer.body.length).toBeLessThan(compressionThresholdBytes);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(answer.body.toString())).toHaveProperty('code');
  });
});

describe('what is compressed per request', () => {
  it.each([
    ['application/json; charset=utf-8', true],
    ['application/merge-patch+json', true],
    ['text/html; charset=utf-8', true],
    // A log follow: each line must reach the reader at once, not when a compressor flushes.
    ['text/plain; charset=utf-8', false],
    // Scripts and styles come precompressed from the build.
    ['text/javascript; charset=utf-8', false],
    ['application/jsonl', false],
    ['', false],
  ])('%s → %s', (contentType, compressed) => {
    expect(isCompressedType(contentType)).toBe(compressed);
  });
});

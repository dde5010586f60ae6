// @vitest-environment node
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { precompressDirectory, precompressMinimumBytes } from './precompress.ts';

let dist: string;
const script = `export const text = ${JSON.stringify('console text '.repeat(400))};\n`;

beforeEach(() => {
  dist = mkdtempSync(join(tmpdir(), 'nimbus-precompress-'));
  mkdirSync(join(dist, 'assets'));
  mkdirSync(join(dist, 'docs', 'en'), { recursive: true });
});

afterEach(() => rmSync(dist, { recursive: true, force: true }));

describe('precompressDirectory', () => {
  it('writes a brotli and a gzip copy beside each compressible file, at any depth', async () => {
    writeFileSync(join(dist, 'assets', 'app-1.js'), script);
    writeFileSync(join(dist, 'assets', 'app-1.css'), `.a{color:red}\n`.repeat(200));
    writeFileSync(join(dist, 'docs', 'en', 'index.html'), `<p>guide</p>`.repeat(200));
    const result = await precompressDirectory(dist);
    expect(result.files).toBe(3);
    const original = readFileSync(join(dist, 'assets', 'app-1.js'));
    expect(brotliDecompressSync(readFileSync(join(dist, 'assets', 'app-1.js.br')))).toEqual(
      original,
    );
    expect(gunzipSync(readFileSync(join(dist, 'assets', 'app-1.js.gz')))).toEqual(original);
    expect(existsSync(join(dist, 'assets', 'app-1.css.br'))).toBe(true);
    expect(existsSync(join(dist, 'docs', 'en', 'index.html.br'))).toBe(true);
    expect(result.brotliBytes).toBeLessThan(result.originalBytes / 5);
  });

  it("leaves the console's own page, small files and compressed formats alone", async () => {
    // index.html is filled in per request (the product domain) and compressed then.
    writeFileSync(join(dist, 'index.html'), `<p>page</p>`.repeat(200));
    writeFileSync(join(dist, 'assets', 'tiny.js'), 'x'.repeat(precompressMinimumBytes - 1));
    writeFileSync(join(dist, 'assets', 'logo.png'), Buffer.alloc(4096, 1));
    const result = await precompressDirectory(dist);
    expect(result.files).toBe(0);
    for (const file of ['index.html', 'assets/tiny.js', 'assets/logo.png']) {
      expect(existsSync(join(dist, `${file}.br`)), file).toBe(false);
      expect(existsSync(join(dist, `${file}.gz`)), file).toBe(false);
    }
  });

  it('never keeps a copy that would be larger than its file', async () => {
    // Random bytes do not compress: each copy would be the file plus its format's overhead.
    writeFileSync(join(dist, 'assets', 'noise.txt'), randomBytes(4096));
    const result = await precompressDirectory(dist);
    expect(result.files).toBe(1);
    expect(existsSync(join(dist, 'assets', 'noise.txt.br'))).toBe(false);
    expect(existsSync(join(dist, 'assets', 'noise.txt.gz'))).toBe(false);
  });

  it('replaces copies left from an earlier build, so none outlives or mismatches its file', async () => {
    writeFileSync(join(dist, 'assets', 'app-1.js'), script);
    writeFileSync(join(dist, 'assets', 'app-1.js.br'), 'stale');
    writeFileSync(join(dist, 'assets', 'removed-0.js.gz'), 'orphan');
    await precompressDirectory(dist);
    expect(brotliDecompressSync(readFileSync(join(dist, 'assets', 'app-1.js.br'))).toString()).toBe(
      script,
    );
    expect(existsSync(join(dist, 'assets', 'removed-0.js.gz'))).toBe(false);
  });
});

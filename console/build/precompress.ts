import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { extname, join, relative } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files the browser fetches; images and fonts here are compressed formats already. */
const compressibleExtensions = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt']);

/** Below this an encoded copy saves less than its headers cost (the operator's JSON threshold too). */
export const precompressMinimumBytes = 1024;

/** The encodings written beside each file, with the suffix the operator looks for. */
export const precompressedEncodings = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

export interface PrecompressResult {
  files: number;
  originalBytes: number;
  brotliBytes: number;
  gzipBytes: number;
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/**
 * The root index.html is never served from disk: the operator fills in the product domain on
 * each request (operator/src/http/console.ts) and compresses that answer itself.
 */
function isServedFromDisk(root: string, file: string): boolean {
  return relative(root, file) !== 'index.html';
}

function isEncodedCopy(file: string): boolean {
  return precompressedEncodings.some(({ suffix }) => file.endsWith(suffix));
}

async function encode(content: Buffer): Promise<{ br: Buffer; gzip: Buffer }> {
  const [br, gz] = await Promise.all([
    brotli(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  return { br, gzip: gz };
}

/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible file of the built console, once at
 * build time at the highest settings, so the operator serves them without compressing per request
 * (docs/decisions/compression.md). An encoded copy that would not be smaller is not written, and
 * copies left from an earlier build are replaced, so a file never has a stale encoded twin.
 */
export async function precompressDirectory(root: string): Promise<PrecompressResult> {
  const all = await filesUnder(root);
  await Promise.all(all.filter(isEncodedCopy).map((file) => rm(file)));
  const candidates = all.filter(
    (file) =>
      !isEncodedCopy(file) &&
      compressibleExtensions.has(extname(file).toLowerCase()) &&
      isServedFromDisk(root, file),
  );
  const result: PrecompressResult = { files: 0, originalBytes: 0, brotliBytes: 0, gzipBytes: 0 };
  const one = async (file: string): Promise<void> => {
    const content = await readFile(file);
    if (content.length < precompressMinimumBytes) return;
    const encoded = await encode(content);
    result.files += 1;
    result.originalBytes += content.length;
    for (const { encoding, suffix } of precompressedEncodings) {
      const copy = encoded[encoding];
      if (copy.length >= content.length) continue;
      await writeFile(`${file}${suffix}`, copy);
      if (encoding === 'br') result.brotliBytes += copy.length;
      else result.gzipBytes += copy.length;
    }
  };
  // One file per core at a time: zlib compresses on libuv's threads, and brotli at its highest
  // quality is most of the console build's time on one core (docs/testing.md "Where the time goes").
  let next = 0;
  const worker = async (): Promise<void> => {
    for (let file = candidates[next++]; file !== undefined; file = candidates[next++])
      await one(file);
  };
  await Promise.all(Array.from({ length: availableParallelism() }, worker));
  return result;
}

// `npm run build -w console` runs this last: every compressible file of dist/ (the user guide
// included) gets a brotli and a gzip copy, which the operator serves to browsers that accept them
// (operator/src/http/precompressed.ts).
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { precompressDirectory } from './precompress.ts';

const distDir = join(fileURLToPath(new URL('..', import.meta.url)), 'dist');
const kib = (bytes: number): string => `${(bytes / 1024).toFixed(0)} KiB`;

const result = await precompressDirectory(distDir);
process.stdout.write(
  `[precompress] ${result.files} files, ${kib(result.originalBytes)} → ` +
    `${kib(result.brotliBytes)} brotli, ${kib(result.gzipBytes)} gzip\n`,
);

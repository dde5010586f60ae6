import compression from 'compression';
import type { RequestHandler } from 'express';

/** Answers at least this large are compressed; below it the headers cost more than they save. */
export const compressionThresholdBytes = 1024;

/**
 * What is compressed per request: the API's JSON and HTML pages (the console's page has the
 * product domain filled in per request). The console's scripts and styles come precompressed
 * (precompressed.ts), a log stream stays as it is so each line reaches the reader at once.
 */
const compressedTypes = /^(?:application\/(?:[\w.-]+\+)?json|text\/html)(?:;|$)/i;

export function isCompressedType(contentType: string): boolean {
  return compressedTypes.test(contentType);
}

/**
 * Compresses JSON and HTML answers of 1 KiB or more with brotli or gzip, whichever the client
 * takes (docs/decisions/compression.md: why this is safe beside the session cookie).
 */
export function answerCompression(): RequestHandler {
  return compression({
    threshold: compressionThresholdBytes,
    filter: (_req, res) => isCompressedType(String(res.getHeader('Content-Type') ?? '')),
  });
}

import { extname } from 'node:path';
import type { Request, RequestHandler, Response } from 'express';

/**
 * The copies the console build writes beside each file (console/build/precompress.ts), in the
 * order we prefer them: brotli is about a fifth smaller than gzip on the console's scripts.
 */
const precompressedEncodings = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

type Precompressed = (typeof precompressedEncodings)[number];

/** The encodings the browser takes, best first; the client's order does not outrank ours. */
function acceptedCopies(req: Request): Precompressed[] {
  return precompressedEncodings.filter(
    ({ encoding }) => req.acceptsEncodings(encoding) === encoding,
  );
}

function sendCopy(
  res: Response,
  root: string,
  path: string,
  copy: Precompressed,
  cacheControl: string,
): Promise<'sent' | 'absent'> {
  return new Promise((resolve) => {
    res.type(extname(path));
    res.set({ 'Content-Encoding': copy.encoding, 'Cache-Control': cacheControl });
    res.sendFile(
      `${path}${copy.suffix}`,
      // Ranges of an encoded copy are not what a client asking for ranges means.
      { root, dotfiles: 'ignore', acceptRanges: false, cacheControl: false },
      (error?: Error) => {
        if (!error || res.headersSent) {
          resolve('sent');
          return;
        }
        res.removeHeader('Content-Type');
        res.removeHeader('Content-Encoding');
        res.removeHeader('Cache-Control');
        resolve('absent');
      },
    );
  });
}

/**
 * Serves a file's precompressed copy to a browser that accepts its encoding, and falls through to
 * the plain file otherwise (no copy, a small file, a client without brotli or gzip). Paths are
 * resolved under `root` by `send`, which refuses `..` and dotfiles, as express.static does.
 * Every answer varies with Accept-Encoding, so a shared cache keeps the encodings apart.
 */
export function precompressedFiles(
  root: string,
  cacheControlFor: (path: string) => string,
): RequestHandler {
  return async (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.path.endsWith('/')) {
      next();
      return;
    }
    res.vary('Accept-Encoding');
    for (const copy of acceptedCopies(req)) {
      if ((await sendCopy(res, root, req.path, copy, cacheControlFor(req.path))) === 'sent') return;
    }
    next();
  };
}

import { readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import express, { Router } from 'express';
import type { Request, RequestHandler } from 'express';
import { consoleLanguageOf, readMessagePreloads, withMessagePreloads } from './message-preloads.js';
import { precompressedFiles } from './precompressed.js';
import { requestContext } from './request-context.js';

/** Paths owned by the API, probes and the user guide; the SPA fallback must never answer them. */
const reservedPrefixes = ['/api', '/healthz', '/readyz', '/metrics', '/docs'];

function isReserved(path: string): boolean {
  return reservedPrefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

function isPageRequest(req: Request): boolean {
  return (req.method === 'GET' || req.method === 'HEAD') && !isReserved(req.path);
}

// Vite puts content-hashed files under assets/, so they can be cached forever.
const immutable = 'public, max-age=31536000, immutable';
const revalidate = 'no-cache';

function cacheControlFor(pathUnderConsole: string): string {
  return pathUnderConsole.startsWith('/assets/') ? immutable : revalidate;
}

const consoleMissingNotice =
  'The Nimbus console is not built. Run `npm run build -w console` or set NIMBUS_CONSOLE_DIR.\n';

const hostMeta = /<meta\s+name="nimbus-host"\s+content="[^"]*"\s*\/?>/;

function escapeAttribute(value: string): string {
  return value.replace(/[&"<>]/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The console builds its API paths from this tag, so it must carry the configured domain. */
export function withProductHost(indexHtml: string, host: string): string {
  return indexHtml.replace(
    hostMeta,
    `<meta name="nimbus-host" content="${escapeAttribute(host)}" />`,
  );
}

async function readIndex(indexFile: string): Promise<string | undefined> {
  try {
    return await readFile(indexFile, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Serves the console's production build with a single-page-app fallback to index.html. */
export function consoleRouter(consoleDir: string, host: string): Router {
  const indexFile = join(consoleDir, 'index.html');
  const router = Router();

  const serveIndex: RequestHandler = async (req, res, next) => {
    if (!isPageRequest(req)) {
      next();
      return;
    }
    const indexHtml = await readIndex(indexFile);
    res.setHeader('Cache-Control', revalidate);
    if (indexHtml === undefined) {
      res.status(503).type('text/plain').send(consoleMissingNotice);
      return;
    }
    const messageChunks = (await readMessagePreloads(consoleDir))[consoleLanguageOf(req)] ?? [];
    // The page now depends on the visitor's language (cookie, Accept-Language).
    res.vary('Accept-Language').vary('Cookie');
    res.type('html').send(withMessagePreloads(withProductHost(indexHtml, host), messageChunks));
  };

  router.use((req, res, next) => {
    if (isPageRequest(req)) requestContext(res).route = 'console';
    next();
  });
  // Never straight from disk: index.html needs the product domain filled in.
  router.get('/index.html', serveIndex);

  // Brotli or gzip copies written by the build, for browsers that take them; else the file.
  router.use(precompressedFiles(consoleDir, cacheControlFor));
  router.use(
    express.static(consoleDir, {
      index: false,
      redirect: false,
      setHeaders: (res, filePath) => {
        const pathUnderConsole = `/${relative(consoleDir, filePath).split(sep).join('/')}`;
        res.setHeader('Cache-Control', cacheControlFor(pathUnderConsole));
      },
    }),
  );

  // A missing hashed asset must fail as a 404, not as HTML the browser would try to execute.
  router.use('/assets', (req, res, next) => {
    if (!isPageRequest(req)) {
      next();
      return;
    }
    res.status(404).type('text/plain').send('Not found\n');
  });

  // Client-side routes such as /home or /detail/… have no file: the SPA handles them.
  router.use(serveIndex);

  return router;
}

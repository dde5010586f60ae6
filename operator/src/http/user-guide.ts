import { join } from 'node:path';
import express, { Router } from 'express';
import { precompressedFiles } from './precompressed.js';
import { requestContext } from './request-context.js';

/** Where the guide lives in the site, and the language the bare path opens. */
export const userGuidePath = '/docs';
const defaultLanguage = 'en';

/**
 * The user guide: static HTML rendered from docs/user-guide at build time into the console's
 * dist/docs (console/build/buildUserGuide.ts), served with the same security headers as the
 * console. /docs/en/ answers en/index.html; a page that does not exist is a 404, never the
 * console's single-page fallback.
 */
export function userGuideRouter(consoleDir: string): Router {
  const router = Router();
  router.use((_req, res, next) => {
    requestContext(res).route = 'user-guide';
    next();
  });
  router.get('/', (_req, res) => res.redirect(302, `${userGuidePath}/${defaultLanguage}/`));
  router.use(precompressedFiles(join(consoleDir, 'docs'), () => 'no-cache'));
  router.use(
    express.static(join(consoleDir, 'docs'), {
      index: 'index.html',
      // /docs/en → /docs/en/, so the pages' relative links resolve.
      redirect: true,
      setHeaders: (res) => res.setHeader('Cache-Control', 'no-cache'),
    }),
  );
  router.use((req, res) => {
    res
      .status(404)
      .type('text/plain')
      .send(`No such page of the user guide: ${userGuidePath}${req.path}\n`);
  });
  return router;
}

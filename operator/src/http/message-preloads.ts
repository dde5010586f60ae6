import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Request } from 'express';
import { z } from 'zod';
import type { ConsoleLanguage } from '@nimbus/api/shared';
import { chooseConsoleLanguage, languageCookieName, messagePreloadsFile } from '@nimbus/api/shared';
import { readCookie } from './auth/cookies.js';

/** Only the build's own hashed scripts may be named in the page. */
const assetScript = /^\/assets\/[\w.~-]+\.js$/;
const messagePreloadsSchema = z.record(z.string(), z.array(z.string().regex(assetScript)));

export type MessagePreloads = z.infer<typeof messagePreloadsSchema>;

/**
 * The build's map of each language's sign-in message chunks (console/build/messagePreloads.ts:
 * the console's other messages load with the console). A console built without it, or a map that is not what the build writes, preloads nothing: the
 * console then fetches its messages itself, one round trip later.
 */
export async function readMessagePreloads(consoleDir: string): Promise<MessagePreloads> {
  try {
    const text = await readFile(join(consoleDir, messagePreloadsFile), 'utf8');
    const parsed = messagePreloadsSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

/** The language the console will open in for this visitor, by the console's own rule. */
export function consoleLanguageOf(req: Request): ConsoleLanguage {
  return chooseConsoleLanguage(readCookie(req, languageCookieName), req.acceptsLanguages());
}

/**
 * Names the visitor's message chunks in the page's head as module preloads, so the browser
 * fetches them beside the entry instead of after it has run. Chunks the page names already are
 * left out.
 */
export function withMessagePreloads(indexHtml: string, chunks: readonly string[]): string {
  const links = chunks
    .filter((chunk) => assetScript.test(chunk) && !indexHtml.includes(`"${chunk}"`))
    .map((chunk) => `<link rel="modulepreload" crossorigin href="${chunk}">`);
  if (links.length === 0 || !indexHtml.includes('</head>')) return indexHtml;
  return indexHtml.replace('</head>', `${links.join('\n')}\n</head>`);
}

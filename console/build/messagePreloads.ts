import type { Plugin, Rolldown } from 'vite';

/**
 * Where the map goes, at the root of dist/. The operator reads it by the shared package's
 * `messagePreloadsFile`; this config is loaded by Node before the shared package is built, so
 * the name is repeated here and a test holds the two together.
 */
export const messagePreloadsFile = 'message-preloads.json';

/** A language's message module: `locales/en.json`, `locales/admin.en.json` … */
const messageModule = /[\\/]i18n[\\/]locales[\\/](?:([\w-]+)\.)?(\w+)\.json$/;

/** The part of a language's messages the sign-in screen needs (i18n/loadMessages.ts). */
const signInPart = 'signIn';

/**
 * The chunk a language's message modules share: the sign-in screen's part in one
 * (`sign-in-messages-en` …), which the page preloads, and the console's in another
 * (`messages-en` …), loaded with the console. Other modules have none.
 */
export function messageChunkName(moduleId: string): string | null {
  const [, part, language] = moduleId.match(messageModule) ?? [];
  if (!language) return null;
  return part === signInPart ? `sign-in-messages-${language}` : `messages-${language}`;
}

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

/** Per language, the chunks (and what they import) of its sign-in messages, as site paths. */
export function messageChunksByLanguage(bundle: OutputBundle): Record<string, string[]> {
  const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
  const byLanguage: Record<string, Set<string>> = {};
  for (const chunk of chunks) {
    const language = chunk.name.match(/^sign-in-messages-(\w+)$/)?.[1];
    if (!language) continue;
    const files = (byLanguage[language] ??= new Set());
    for (const file of [chunk.fileName, ...chunk.imports]) files.add(`/${file}`);
  }
  return Object.fromEntries(
    Object.entries(byLanguage).map(([language, files]) => [language, [...files].sort()]),
  );
}

/**
 * Writes `message-preloads.json`: which chunks hold each language's sign-in messages. The
 * sign-in screen waits for its language's messages, which the entry can only ask for once its own scripts have
 * run: one more round trip (0.7 s under Slow 4G). With this map the operator names them in the
 * page as module preloads, so they arrive beside the entry (docs/decisions/compression.md).
 */
export function messagePreloads(): Plugin {
  return {
    name: 'nimbus-message-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      this.emitFile({
        type: 'asset',
        fileName: messagePreloadsFile,
        source: `${JSON.stringify(messageChunksByLanguage(bundle), null, 2)}\n`,
      });
    },
  };
}

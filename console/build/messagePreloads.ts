import type { Plugin, Rolldown } from 'vite';

/**
 * Where the map goes, at the root of dist/. The operator reads it by the shared package's
 * `messagePreloadsFile`; this config is loaded by Node before the shared package is built, so
 * the name is repeated here and a test holds the two together.
 */
export const messagePreloadsFile = 'message-preloads.json';

/** A language's message module: `locales/en.json`, `locales/admin.en.json` … */
const messageModule = /[\\/]i18n[\\/]locales[\\/](?:[\w-]+\.)?(\w+)\.json$/;

/** The chunk a language's message modules share (`messages-en` …); other modules have none. */
export function messageChunkName(moduleId: string): string | null {
  const language = moduleId.match(messageModule)?.[1];
  return language ? `messages-${language}` : null;
}

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

/** Per language, the chunks (and what they import) of its message modules, as site paths. */
export function messageChunksByLanguage(bundle: OutputBundle): Record<string, string[]> {
  const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
  const byLanguage: Record<string, Set<string>> = {};
  for (const chunk of chunks) {
    const language = chunk.name.match(/^messages-(\w+)$/)?.[1];
    if (!language) continue;
    const files = (byLanguage[language] ??= new Set());
    for (const file of [chunk.fileName, ...chunk.imports]) files.add(`/${file}`);
  }
  return Object.fromEntries(
    Object.entries(byLanguage).map(([language, files]) => [language, [...files].sort()]),
  );
}

/**
 * Writes `message-preloads.json`: which chunks hold each language's messages. The sign-in screen
 * waits for its language's messages, which the entry can only ask for once its own scripts have
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

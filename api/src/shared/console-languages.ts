/** The console's languages; the sign-in page and every screen come in each of them. */
export const consoleLanguages = ['en', 'zh', 'ja'] as const;
export type ConsoleLanguage = (typeof consoleLanguages)[number];
/** The language of a visitor who has not chosen one and whose browser asks for none of ours. */
export const defaultConsoleLanguage: ConsoleLanguage = 'zh';
/** The cookie that remembers the language a visitor picked. */
export const languageCookieName = 'language';

export const isConsoleLanguage = (value: unknown): value is ConsoleLanguage =>
  typeof value === 'string' && (consoleLanguages as readonly string[]).includes(value);

/**
 * The language the console opens in: the one the visitor picked (the cookie), else the first of
 * the browser's languages, in its order of preference, that is one of ours by prefix (`en-GB` is
 * `en`), else zh. The console decides with it in the browser; the operator with it, from the
 * same cookie and Accept-Language, which messages to preload with the page.
 */
export function chooseConsoleLanguage(
  chosen: string | undefined,
  preferred: readonly string[],
): ConsoleLanguage {
  if (isConsoleLanguage(chosen)) return chosen;
  for (const tag of preferred) {
    const match = consoleLanguages.find((language) => tag.toLowerCase().startsWith(language));
    if (match) return match;
  }
  return defaultConsoleLanguage;
}

/**
 * Written by the console build at the root of its output: per language, the chunks of its
 * messages, which the operator names in the page as module preloads.
 */
export const messagePreloadsFile = 'message-preloads.json';

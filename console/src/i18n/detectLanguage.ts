import { readCookie } from '../lib/cookies';
import { DEFAULT_LANGUAGE, LANGUAGES, isLanguage, type Language } from './languages';
import { LANGUAGE_COOKIE } from '../constants';

export interface LanguageSources {
  /** `document.cookie` */
  cookie: string;
  /** `navigator.languages`, most preferred first */
  browserLanguages: readonly string[];
}

/** The `language` cookie, else the browser's language (by prefix), else zh. */
export function detectLanguage({ cookie, browserLanguages }: LanguageSources): Language {
  const chosen = readCookie(cookie, LANGUAGE_COOKIE);
  if (isLanguage(chosen)) return chosen;
  for (const tag of browserLanguages) {
    const match = LANGUAGES.find((language) => tag.toLowerCase().startsWith(language));
    if (match) return match;
  }
  return DEFAULT_LANGUAGE;
}

export function detectBrowserLanguage(): Language {
  return detectLanguage({
    cookie: document.cookie,
    browserLanguages: navigator.languages.length > 0 ? navigator.languages : [navigator.language],
  });
}

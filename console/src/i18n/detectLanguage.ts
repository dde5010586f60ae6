import { chooseConsoleLanguage } from '@nimbus/api/shared';
import { readCookie } from '../lib/cookies';
import type { Language } from './languages';
import { LANGUAGE_COOKIE } from '../constants';

export interface LanguageSources {
  /** `document.cookie` */
  cookie: string;
  /** `navigator.languages`, most preferred first */
  browserLanguages: readonly string[];
}

/** The `language` cookie, else the browser's language (by prefix), else zh. */
export function detectLanguage({ cookie, browserLanguages }: LanguageSources): Language {
  return chooseConsoleLanguage(readCookie(cookie, LANGUAGE_COOKIE), browserLanguages);
}

export function detectBrowserLanguage(): Language {
  return detectLanguage({
    cookie: document.cookie,
    browserLanguages: navigator.languages.length > 0 ? navigator.languages : [navigator.language],
  });
}

import { LANGUAGE_COOKIE } from '../constants';
import { writeCookie } from '../lib/cookies';
import { pageReload } from '../lib/pageReload';
import type { Language } from './languages';

/** Remembers the language and reloads, so every screen, antd and cached data start over in it. */
export function setLanguage(language: Language): void {
  writeCookie(document, LANGUAGE_COOKIE, language);
  pageReload.reload();
}

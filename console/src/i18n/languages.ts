import type { Language } from '../constants';

export { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../constants';
export { isConsoleLanguage as isLanguage } from '@nimbus/api/shared';

/**
 * Each language named in itself, so a reader can find their own language whatever the current
 * one is; that is why these names are not translated.
 */
export const LANGUAGE_AUTONYMS: Record<Language, string> = {
  en: 'English',
  zh: '中文',
  ja: '日本語',
};

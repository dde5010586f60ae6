import type { ParseKeys } from 'i18next';

/** Any key of the translation files, checked at compile time against `en.json`. */
export type TranslationKey = ParseKeys<'translation'>;

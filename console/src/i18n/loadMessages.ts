import type { Locale } from 'antd/es/locale';
import type { Language } from './languages';
import type en from './locales/en.json';

export type Messages = typeof en;

export interface LanguageBundle {
  messages: Messages;
  antdLocale: Locale;
}

// One language per page load (changing it reloads), so only that language is fetched.
const loaders: Record<Language, () => Promise<LanguageBundle>> = {
  en: async () => ({
    messages: (await import('./locales/en.json')).default,
    antdLocale: (await import('antd/es/locale/en_US')).default,
  }),
  zh: async () => ({
    messages: (await import('./locales/zh.json')).default,
    antdLocale: (await import('antd/es/locale/zh_CN')).default,
  }),
  ja: async () => ({
    messages: (await import('./locales/ja.json')).default,
    antdLocale: (await import('antd/es/locale/ja_JP')).default,
  }),
};

export const loadLanguageBundle = (language: Language): Promise<LanguageBundle> =>
  loaders[language]();

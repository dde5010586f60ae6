import type { Locale } from 'antd/es/locale';
import type { Language } from './languages';
import type adminEn from './locales/admin.en.json';
import type en from './locales/en.json';

/** The shell's messages, with the admin and audit screens' (admin.*.json) under `admin`. */
export type Messages = typeof en & { admin: typeof adminEn };

export const combineMessages = (base: typeof en, admin: typeof adminEn): Messages => ({
  ...base,
  admin,
});

export interface LanguageBundle {
  messages: Messages;
  antdLocale: Locale;
}

// One language per page load (changing it reloads), so only that language is fetched.
const loaders: Record<Language, () => Promise<LanguageBundle>> = {
  en: async () => ({
    messages: combineMessages(
      (await import('./locales/en.json')).default,
      (await import('./locales/admin.en.json')).default,
    ),
    antdLocale: (await import('antd/es/locale/en_US')).default,
  }),
  zh: async () => ({
    messages: combineMessages(
      (await import('./locales/zh.json')).default,
      (await import('./locales/admin.zh.json')).default,
    ),
    antdLocale: (await import('antd/es/locale/zh_CN')).default,
  }),
  ja: async () => ({
    messages: combineMessages(
      (await import('./locales/ja.json')).default,
      (await import('./locales/admin.ja.json')).default,
    ),
    antdLocale: (await import('antd/es/locale/ja_JP')).default,
  }),
};

export const loadLanguageBundle = (language: Language): Promise<LanguageBundle> =>
  loaders[language]();

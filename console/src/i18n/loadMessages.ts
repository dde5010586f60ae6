import type { Locale } from 'antd/es/locale';
import type { Language } from './languages';
import type adminEn from './locales/admin.en.json';
import type en from './locales/en.json';
import type namespacesEn from './locales/namespaces.en.json';
import type resourcesEn from './locales/resources.en.json';

/**
 * The shell's messages, with the admin and audit screens' (admin.*.json) under `admin`, the
 * resource list/detail and node screens' under `resources`, the namespace screens' under
 * `namespaces`.
 */
export type Messages = typeof en & {
  admin: typeof adminEn;
  resources: typeof resourcesEn;
  namespaces: typeof namespacesEn;
};

export interface MessageParts {
  base: typeof en;
  admin: typeof adminEn;
  resources: typeof resourcesEn;
  namespaces: typeof namespacesEn;
}

export const combineMessages = ({ base, ...features }: MessageParts): Messages => ({
  ...base,
  ...features,
});

const loadParts = async (
  parts: [
    Promise<{ default: typeof en }>,
    Promise<{ default: typeof adminEn }>,
    Promise<{ default: typeof resourcesEn }>,
    Promise<{ default: typeof namespacesEn }>,
  ],
): Promise<Messages> => {
  const [base, admin, resources, namespaces] = await Promise.all(parts);
  return combineMessages({
    base: base.default,
    admin: admin.default,
    resources: resources.default,
    namespaces: namespaces.default,
  });
};

export interface LanguageBundle {
  messages: Messages;
  antdLocale: Locale;
}

// One language per page load (changing it reloads), so only that language is fetched.
const loaders: Record<Language, () => Promise<LanguageBundle>> = {
  en: async () => ({
    messages: await loadParts([
      import('./locales/en.json'),
      import('./locales/admin.en.json'),
      import('./locales/resources.en.json'),
      import('./locales/namespaces.en.json'),
    ]),
    antdLocale: (await import('antd/es/locale/en_US')).default,
  }),
  zh: async () => ({
    messages: await loadParts([
      import('./locales/zh.json'),
      import('./locales/admin.zh.json'),
      import('./locales/resources.zh.json'),
      import('./locales/namespaces.zh.json'),
    ]),
    antdLocale: (await import('antd/es/locale/zh_CN')).default,
  }),
  ja: async () => ({
    messages: await loadParts([
      import('./locales/ja.json'),
      import('./locales/admin.ja.json'),
      import('./locales/resources.ja.json'),
      import('./locales/namespaces.ja.json'),
    ]),
    antdLocale: (await import('antd/es/locale/ja_JP')).default,
  }),
};

export const loadLanguageBundle = (language: Language): Promise<LanguageBundle> =>
  loaders[language]();

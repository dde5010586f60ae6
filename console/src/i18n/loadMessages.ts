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

// One language per page load (changing it reloads), so only that language is fetched. antd's
// texts come separately (antdLocale.ts): the sign-in screen does without antd.
const loaders: Record<Language, () => Promise<Messages>> = {
  en: () =>
    loadParts([
      import('./locales/en.json'),
      import('./locales/admin.en.json'),
      import('./locales/resources.en.json'),
      import('./locales/namespaces.en.json'),
    ]),
  zh: () =>
    loadParts([
      import('./locales/zh.json'),
      import('./locales/admin.zh.json'),
      import('./locales/resources.zh.json'),
      import('./locales/namespaces.zh.json'),
    ]),
  ja: () =>
    loadParts([
      import('./locales/ja.json'),
      import('./locales/admin.ja.json'),
      import('./locales/resources.ja.json'),
      import('./locales/namespaces.ja.json'),
    ]),
};

export const loadMessages = (language: Language): Promise<Messages> => loaders[language]();

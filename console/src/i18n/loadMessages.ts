import type { Language } from './languages';
import type adminEn from './locales/admin.en.json';
import type en from './locales/en.json';
import type namespacesEn from './locales/namespaces.en.json';
import type podsEn from './locales/pods.en.json';
import type resourcesEn from './locales/resources.en.json';
import type resourceFormsEn from './locales/resourceForms.en.json';

/**
 * The shell's messages, with the admin and audit screens' (admin.*.json) under `admin`, the
 * resource list/detail and node screens' under `resources`, the namespace screens' under
 * `namespaces`, a pod's containers, logs and shell under `pods`, the resource creation forms
 * under `resourceForms`.
 */
export type Messages = typeof en & {
  admin: typeof adminEn;
  resources: typeof resourcesEn;
  namespaces: typeof namespacesEn;
  pods: typeof podsEn;
  resourceForms: typeof resourceFormsEn;
};

export interface MessageParts {
  base: typeof en;
  admin: typeof adminEn;
  resources: typeof resourcesEn;
  namespaces: typeof namespacesEn;
  pods: typeof podsEn;
  resourceForms: typeof resourceFormsEn;
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
    Promise<{ default: typeof podsEn }>,
    Promise<{ default: typeof resourceFormsEn }>,
  ],
): Promise<Messages> => {
  const [base, admin, resources, namespaces, pods, resourceForms] = await Promise.all(parts);
  return combineMessages({
    base: base.default,
    admin: admin.default,
    resources: resources.default,
    namespaces: namespaces.default,
    pods: pods.default,
    resourceForms: resourceForms.default,
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
      import('./locales/pods.en.json'),
      import('./locales/resourceForms.en.json'),
    ]),
  zh: () =>
    loadParts([
      import('./locales/zh.json'),
      import('./locales/admin.zh.json'),
      import('./locales/resources.zh.json'),
      import('./locales/namespaces.zh.json'),
      import('./locales/pods.zh.json'),
      import('./locales/resourceForms.zh.json'),
    ]),
  ja: () =>
    loadParts([
      import('./locales/ja.json'),
      import('./locales/admin.ja.json'),
      import('./locales/resources.ja.json'),
      import('./locales/namespaces.ja.json'),
      import('./locales/pods.ja.json'),
      import('./locales/resourceForms.ja.json'),
    ]),
};

export const loadMessages = (language: Language): Promise<Messages> => loaders[language]();

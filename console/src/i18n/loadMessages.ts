import type { Language } from './languages';
import type adminEn from './locales/admin.en.json';
import type en from './locales/en.json';
import type namespacesEn from './locales/namespaces.en.json';
import type podsEn from './locales/pods.en.json';
import type resourcesEn from './locales/resources.en.json';
import type resourceFormsEn from './locales/resourceForms.en.json';
import type signInEn from './locales/signIn.en.json';

/**
 * What the sign-in screen says (signIn.*.json: the document title, the language picker, the
 * sign-in and register forms and their checks). It loads before the rest, on its own, so the
 * first screen waits for 2 kB of messages instead of all of them (docs/performance.md).
 */
export type SignInMessages = typeof signInEn;

/**
 * The console's messages besides the sign-in screen's: the shell's (en.json …), with the admin
 * and audit screens' (admin.*.json) under `admin`, the resource list/detail and node screens'
 * under `resources`, the namespace screens' under `namespaces`, a pod's containers, logs and
 * shell under `pods`, the resource creation forms under `resourceForms`.
 */
export type ConsoleMessages = typeof en & {
  admin: typeof adminEn;
  resources: typeof resourcesEn;
  namespaces: typeof namespacesEn;
  pods: typeof podsEn;
  resourceForms: typeof resourceFormsEn;
};

/** Every message of a language. */
export type Messages = SignInMessages & ConsoleMessages;

export interface MessageParts {
  signIn: SignInMessages;
  base: typeof en;
  admin: typeof adminEn;
  resources: typeof resourcesEn;
  namespaces: typeof namespacesEn;
  pods: typeof podsEn;
  resourceForms: typeof resourceFormsEn;
}

export const combineMessages = ({ signIn, base, ...features }: MessageParts): Messages => ({
  ...signIn,
  ...base,
  ...features,
});

type Loaded<T> = Promise<{ default: T }>;

const loadParts = async (
  parts: [
    Loaded<typeof en>,
    Loaded<typeof adminEn>,
    Loaded<typeof resourcesEn>,
    Loaded<typeof namespacesEn>,
    Loaded<typeof podsEn>,
    Loaded<typeof resourceFormsEn>,
  ],
): Promise<ConsoleMessages> => {
  const [base, admin, resources, namespaces, pods, resourceForms] = await Promise.all(parts);
  return {
    ...base.default,
    admin: admin.default,
    resources: resources.default,
    namespaces: namespaces.default,
    pods: pods.default,
    resourceForms: resourceForms.default,
  };
};

// One language per page load (changing it reloads), so only that language is fetched. antd's
// texts come separately (antdLocale.ts): the sign-in screen does without antd.
const signInLoaders: Record<Language, () => Loaded<SignInMessages>> = {
  en: () => import('./locales/signIn.en.json'),
  zh: () => import('./locales/signIn.zh.json'),
  ja: () => import('./locales/signIn.ja.json'),
};

const consoleLoaders: Record<Language, () => Promise<ConsoleMessages>> = {
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

export const loadSignInMessages = async (language: Language): Promise<SignInMessages> =>
  (await signInLoaders[language]()).default;

export const loadConsoleMessages = (language: Language): Promise<ConsoleMessages> =>
  consoleLoaders[language]();

import { combineMessages, type Messages } from '../src/i18n/loadMessages';
import adminEn from '../src/i18n/locales/admin.en.json';
import adminJa from '../src/i18n/locales/admin.ja.json';
import adminZh from '../src/i18n/locales/admin.zh.json';
import en from '../src/i18n/locales/en.json';
import ja from '../src/i18n/locales/ja.json';
import namespacesEn from '../src/i18n/locales/namespaces.en.json';
import namespacesJa from '../src/i18n/locales/namespaces.ja.json';
import namespacesZh from '../src/i18n/locales/namespaces.zh.json';
import podsEn from '../src/i18n/locales/pods.en.json';
import podsJa from '../src/i18n/locales/pods.ja.json';
import podsZh from '../src/i18n/locales/pods.zh.json';
import resourceFormsEn from '../src/i18n/locales/resourceForms.en.json';
import resourceFormsJa from '../src/i18n/locales/resourceForms.ja.json';
import resourceFormsZh from '../src/i18n/locales/resourceForms.zh.json';
import resourcesEn from '../src/i18n/locales/resources.en.json';
import resourcesJa from '../src/i18n/locales/resources.ja.json';
import resourcesZh from '../src/i18n/locales/resources.zh.json';
import signInEn from '../src/i18n/locales/signIn.en.json';
import signInJa from '../src/i18n/locales/signIn.ja.json';
import signInZh from '../src/i18n/locales/signIn.zh.json';
import zh from '../src/i18n/locales/zh.json';

/** Every message of each language, as the console loads them (the sign-in screen's, the shell's and each feature's file). */
export const messagesIn: Record<'en' | 'zh' | 'ja', Messages> = {
  en: combineMessages({
    signIn: signInEn,
    base: en,
    admin: adminEn,
    resources: resourcesEn,
    namespaces: namespacesEn,
    pods: podsEn,
    resourceForms: resourceFormsEn,
  }),
  zh: combineMessages({
    signIn: signInZh,
    base: zh,
    admin: adminZh,
    resources: resourcesZh,
    namespaces: namespacesZh,
    pods: podsZh,
    resourceForms: resourceFormsZh,
  }),
  ja: combineMessages({
    signIn: signInJa,
    base: ja,
    admin: adminJa,
    resources: resourcesJa,
    namespaces: namespacesJa,
    pods: podsJa,
    resourceForms: resourceFormsJa,
  }),
};

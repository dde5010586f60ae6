import dayjs from 'dayjs';
import type { Language } from './languages';

/** dayjs's name for each language, as antd's date pickers look it up (zh_CN → zh-cn). */
export const DAYJS_LOCALE_NAMES: Record<Language, string> = { en: 'en', zh: 'zh-cn', ja: 'ja' };

// English is built into dayjs; the others are fetched only for the language in use.
const loaders: Record<Language, () => Promise<{ default: ILocale } | undefined>> = {
  en: () => Promise.resolve(undefined),
  zh: () => import('dayjs/locale/zh-cn'),
  ja: () => import('dayjs/locale/ja'),
};

/**
 * Loads dayjs's locale for `language`, registers it and makes it the default: antd's DatePicker
 * (month and weekday names, formats) and every dayjs date then read in the console's language.
 */
export async function applyDayjsLocale(language: Language): Promise<void> {
  const locale = (await loaders[language]())?.default;
  dayjs.locale(locale ?? DAYJS_LOCALE_NAMES[language]);
}

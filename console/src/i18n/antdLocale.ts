import type { Locale } from 'antd/es/locale';
import type { Language } from './languages';

const loaders: Record<Language, () => Promise<{ default: Locale }>> = {
  en: () => import('antd/es/locale/en_US'),
  zh: () => import('antd/es/locale/zh_CN'),
  ja: () => import('antd/es/locale/ja_JP'),
};

/** antd's own texts (pagination, pickers, empty states) in the console's language. */
export const loadAntdLocale = async (language: Language): Promise<Locale> =>
  (await loaders[language]()).default;

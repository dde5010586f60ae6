import type { Locale } from 'antd/es/locale';
import { applyDayjsLocale } from './dayjsLocale';
import type { Language } from './languages';

const loaders: Record<Language, () => Promise<{ default: Locale }>> = {
  en: () => import('antd/es/locale/en_US'),
  zh: () => import('antd/es/locale/zh_CN'),
  ja: () => import('antd/es/locale/ja_JP'),
};

/**
 * antd's own texts (pagination, pickers, empty states) in the console's language, with dayjs's
 * locale (the pickers' month and weekday names) loaded and set alongside.
 */
export async function loadAntdLocale(language: Language): Promise<Locale> {
  const [antd] = await Promise.all([loaders[language](), applyDayjsLocale(language)]);
  return antd.default;
}

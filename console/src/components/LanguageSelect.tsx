import { GlobalOutlined } from '@ant-design/icons';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGE_AUTONYMS,
  LANGUAGES,
  type Language,
} from '../i18n/languages';
import { setLanguage } from '../i18n/setLanguage';

const options = LANGUAGES.map((language) => ({
  value: language,
  label: LANGUAGE_AUTONYMS[language],
}));

/** Picks the interface language; choosing one reloads the page in it. */
export function LanguageSelect({ testId = 'language-select' }: { testId?: string }) {
  const { t, i18n } = useTranslation();
  const current = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  return (
    <Select<Language>
      data-testid={testId}
      aria-label={t('language.label')}
      prefix={<GlobalOutlined />}
      value={current}
      options={options}
      onChange={setLanguage}
      popupMatchSelectWidth={false}
    />
  );
}

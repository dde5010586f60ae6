import { useSignInTranslation } from './useSignInTranslation';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_AUTONYMS, LANGUAGES } from '../../i18n/languages';
import { setLanguage } from '../../i18n/setLanguage';
import { GlobalIcon } from './icons';

/**
 * The sign-in screen's language choice: the browser's own select in the look of antd's (the
 * header keeps antd's Select). Choosing a language reloads the page in it.
 */
export function LanguagePicker() {
  const { t, i18n } = useSignInTranslation();
  const current = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  return (
    <span className="nimbus-language" data-testid="language-select">
      <GlobalIcon className="nimbus-language__icon" />
      <select
        className="nimbus-language__select"
        aria-label={t('language.label')}
        value={current}
        onChange={(event) => {
          if (isLanguage(event.target.value)) setLanguage(event.target.value);
        }}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language}>
            {LANGUAGE_AUTONYMS[language]}
          </option>
        ))}
      </select>
    </span>
  );
}

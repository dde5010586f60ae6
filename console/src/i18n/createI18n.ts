import { createInstance, type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from './languages';
import type { Messages } from './loadMessages';

/** An initialised i18next instance holding the messages of one language. */
export function createI18n(language: Language, messages: Messages): i18n {
  const instance = createInstance();
  void instance.use(initReactI18next).init({
    lng: language,
    resources: { [language]: { translation: messages } },
    initAsync: false,
    // React escapes output itself.
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}

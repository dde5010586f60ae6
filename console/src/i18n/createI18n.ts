import { createInstance, type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from './languages';
import type { ConsoleMessages, Messages, SignInMessages } from './loadMessages';

/**
 * An initialised i18next instance holding the messages of one language: all of them, or the
 * sign-in screen's until the console's are added (addConsoleMessages).
 */
export function createI18n(language: Language, messages: Messages | SignInMessages): i18n {
  const instance = createInstance();
  void instance.use(initReactI18next).init({
    lng: language,
    // i18next merges later bundles into the object it holds (addConsoleMessages): its own copy,
    // never the imported message module.
    resources: { [language]: { translation: structuredClone(messages) } },
    initAsync: false,
    // React escapes output itself.
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}

/** Adds the console's messages to an instance started with the sign-in screen's. */
export function addConsoleMessages(instance: i18n, messages: ConsoleMessages): void {
  instance.addResourceBundle(instance.language, 'translation', messages, true, true);
}

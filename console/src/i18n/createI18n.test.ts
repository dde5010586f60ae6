import { expect, it } from 'vitest';
import { addConsoleMessages, createI18n } from './createI18n';
import type { ConsoleMessages } from './loadMessages';
import signInEn from './locales/signIn.en.json';

it("adds the console's messages without changing the sign-in messages it started with", () => {
  const signIn = structuredClone(signInEn);
  const i18n = createI18n('en', signIn);
  expect(i18n.exists('notFound.title')).toBe(false);

  addConsoleMessages(i18n, { notFound: { title: 'Gone' } } as unknown as ConsoleMessages);

  expect(i18n.t('notFound.title')).toBe('Gone');
  expect(i18n.t('login.heading')).toBe(signInEn.login.heading);
  // The sign-in part is a module other code imports too (the tests share one module graph).
  expect(signIn).toEqual(signInEn);
});

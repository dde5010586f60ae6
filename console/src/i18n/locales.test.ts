import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { loadAntdLocale } from './antdLocale';
import { DAYJS_LOCALE_NAMES } from './dayjsLocale';
import { LANGUAGES } from './languages';
import { messagesIn } from '../../tests/messages';
import en from './locales/en.json';
import ja from './locales/ja.json';
import signInEn from './locales/signIn.en.json';
import signInJa from './locales/signIn.ja.json';
import signInZh from './locales/signIn.zh.json';
import zh from './locales/zh.json';

// Each language as the console loads it: the sign-in screen's, the shell's and each feature's file.
const { en: allEn, zh: allZh, ja: allJa } = messagesIn;

/** Leaf messages of a nested message object, keyed by dotted path. */
function flatten(messages: object, prefix = ''): [string, unknown][] {
  return Object.entries(messages).flatMap(([key, value]: [string, unknown]) =>
    typeof value === 'object' && value !== null
      ? flatten(value, `${prefix}${key}.`)
      : [[`${prefix}${key}`, value] as [string, unknown]],
  );
}

const keysOf = (messages: object): string[] =>
  flatten(messages)
    .map(([key]) => key)
    .sort();

const placeholdersOf = (messages: object): Record<string, string[]> =>
  Object.fromEntries(
    flatten(messages).map(([key, value]) => [
      key,
      (String(value).match(/{{\s*\w+\s*}}/g) ?? []).sort(),
    ]),
  );

describe.each([
  ['en', allEn],
  ['zh', allZh],
  ['ja', allJa],
])('%s messages', (_language, messages) => {
  it('have exactly the keys of en: none missing, none extra', () => {
    expect(keysOf(messages)).toEqual(keysOf(allEn));
  });

  it('keep the placeholders of en', () => {
    expect(placeholdersOf(messages)).toEqual(placeholdersOf(allEn));
  });

  it('are all non-empty strings', () => {
    const invalid = flatten(messages).filter(
      ([, value]) => typeof value !== 'string' || value.trim() === '',
    );
    expect(invalid).toEqual([]);
  });
});

// The sign-in screen's part and the shell's are merged at the top level (loadMessages.ts): a
// section in both would be one file's in the tests and both files' in the browser.
it.each([
  ['en', signInEn, en],
  ['zh', signInZh, zh],
  ['ja', signInJa, ja],
])("%s: the sign-in screen's sections are in no other file", (_language, signIn, base) => {
  const features = ['admin', 'resources', 'namespaces', 'pods', 'resourceForms'];
  const shared = Object.keys(signIn).filter(
    (section) => section in base || features.includes(section),
  );
  expect(shared).toEqual([]);
});

// Month names of each language as dayjs writes them, so dates in pickers match the messages.
const JANUARY: Record<(typeof LANGUAGES)[number], string> = {
  en: 'January',
  zh: '一月',
  ja: '1月',
};

describe.each(LANGUAGES.map((language) => [language]))('%s dates', (language) => {
  it("load antd's texts and dayjs's locale together, in that language", async () => {
    const antd = await loadAntdLocale(language);
    expect(antd.locale).toBe(DAYJS_LOCALE_NAMES[language]);
    expect(dayjs.locale()).toBe(DAYJS_LOCALE_NAMES[language]);
    expect(dayjs('2024-01-15T09:00:00Z').format('MMMM')).toBe(JANUARY[language]);
  });
});

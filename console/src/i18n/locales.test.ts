import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { loadAntdLocale } from './antdLocale';
import { DAYJS_LOCALE_NAMES } from './dayjsLocale';
import { LANGUAGES } from './languages';
import { messagesIn } from '../../tests/messages';

// Each language as the console loads it: the shell's file plus each feature's file.
const { en, zh, ja } = messagesIn;

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
  ['en', en],
  ['zh', zh],
  ['ja', ja],
])('%s messages', (_language, messages) => {
  it('have exactly the keys of en: none missing, none extra', () => {
    expect(keysOf(messages)).toEqual(keysOf(en));
  });

  it('keep the placeholders of en', () => {
    expect(placeholdersOf(messages)).toEqual(placeholdersOf(en));
  });

  it('are all non-empty strings', () => {
    const invalid = flatten(messages).filter(
      ([, value]) => typeof value !== 'string' || value.trim() === '',
    );
    expect(invalid).toEqual([]);
  });
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

import { describe, expect, it } from 'vitest';
import { combineMessages } from './loadMessages';
import adminEn from './locales/admin.en.json';
import adminJa from './locales/admin.ja.json';
import adminZh from './locales/admin.zh.json';
import enShell from './locales/en.json';
import jaShell from './locales/ja.json';
import zhShell from './locales/zh.json';
import namespacesEn from './locales/namespaces.en.json';
import namespacesJa from './locales/namespaces.ja.json';
import namespacesZh from './locales/namespaces.zh.json';
import resourcesEn from './locales/resources.en.json';
import resourcesJa from './locales/resources.ja.json';
import resourcesZh from './locales/resources.zh.json';

// Each language as the console loads it: the shell's file plus each feature's file.
const en = combineMessages({
  base: enShell,
  admin: adminEn,
  resources: resourcesEn,
  namespaces: namespacesEn,
});
const zh = combineMessages({
  base: zhShell,
  admin: adminZh,
  resources: resourcesZh,
  namespaces: namespacesZh,
});
const ja = combineMessages({
  base: jaShell,
  admin: adminJa,
  resources: resourcesJa,
  namespaces: namespacesJa,
});

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

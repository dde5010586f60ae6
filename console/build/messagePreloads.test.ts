// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { Rolldown } from 'vite';
import { messagePreloadsFile as operatorReads } from '@nimbus/api/shared';
import {
  messageChunkName,
  messageChunksByLanguage,
  messagePreloadsFile,
} from './messagePreloads.ts';

it('writes the map where the operator reads it', () => {
  expect(messagePreloadsFile).toBe(operatorReads);
});

const chunk = (fileName: string, name: string, imports: string[] = []) =>
  ({ type: 'chunk', fileName, name, imports }) as unknown as Rolldown.OutputChunk;

describe('messageChunkName', () => {
  it("puts the sign-in screen's messages of a language in a chunk of their own", () => {
    expect(messageChunkName('/c/src/i18n/locales/signIn.en.json')).toBe('sign-in-messages-en');
    expect(messageChunkName('C:\\c\\src\\i18n\\locales\\signIn.ja.json')).toBe(
      'sign-in-messages-ja',
    );
  });

  it("puts every other message module of a language in that language's chunk", () => {
    expect(messageChunkName('/c/src/i18n/locales/en.json')).toBe('messages-en');
    expect(messageChunkName('/c/src/i18n/locales/admin.en.json')).toBe('messages-en');
    expect(messageChunkName('/c/src/i18n/locales/resourceForms.ja.json')).toBe('messages-ja');
    expect(messageChunkName('C:\\c\\src\\i18n\\locales\\pods.zh.json')).toBe('messages-zh');
  });

  it('leaves other modules to the other groups', () => {
    expect(messageChunkName('/c/src/i18n/loadMessages.ts')).toBeNull();
    expect(messageChunkName('/c/node_modules/antd/es/locale/en_US.js')).toBeNull();
    expect(messageChunkName('/c/src/data/en.json')).toBeNull();
  });
});

describe('messageChunksByLanguage', () => {
  it("names each language's sign-in chunk and what it imports, as paths of the site", () => {
    const bundle = {
      a: chunk('assets/sign-in-messages-en-1.js', 'sign-in-messages-en', ['assets/runtime-1.js']),
      b: chunk('assets/sign-in-messages-zh-2.js', 'sign-in-messages-zh'),
      c: chunk('assets/index-3.js', 'index', ['assets/runtime-1.js']),
      d: { type: 'asset', fileName: 'assets/index.css', name: 'index.css' },
      // The console's messages load with the console, not before the sign-in form.
      e: chunk('assets/messages-en-4.js', 'messages-en'),
    } as unknown as Rolldown.OutputBundle;
    expect(messageChunksByLanguage(bundle)).toEqual({
      en: ['/assets/runtime-1.js', '/assets/sign-in-messages-en-1.js'],
      zh: ['/assets/sign-in-messages-zh-2.js'],
    });
  });
});

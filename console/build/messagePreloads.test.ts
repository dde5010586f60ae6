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
  it("puts every message module of a language in that language's chunk", () => {
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
  it("names each language's chunk and what it imports, as paths of the site", () => {
    const bundle = {
      a: chunk('assets/messages-en-1.js', 'messages-en', ['assets/runtime-1.js']),
      b: chunk('assets/messages-zh-2.js', 'messages-zh'),
      c: chunk('assets/index-3.js', 'index', ['assets/runtime-1.js']),
      d: { type: 'asset', fileName: 'assets/index.css', name: 'index.css' },
    } as unknown as Rolldown.OutputBundle;
    expect(messageChunksByLanguage(bundle)).toEqual({
      en: ['/assets/messages-en-1.js', '/assets/runtime-1.js'],
      zh: ['/assets/messages-zh-2.js'],
    });
  });
});

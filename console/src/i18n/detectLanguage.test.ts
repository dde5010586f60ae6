import { describe, expect, it } from 'vitest';
import { detectLanguage } from './detectLanguage';

describe('detectLanguage', () => {
  it('prefers the language cookie over the browser', () => {
    expect(detectLanguage({ cookie: 'a=1; language=ja; b=2', browserLanguages: ['en-US'] })).toBe(
      'ja',
    );
  });

  it('ignores a cookie naming an unsupported language', () => {
    expect(detectLanguage({ cookie: 'language=fr', browserLanguages: ['en-GB'] })).toBe('en');
  });

  it('matches the browser languages by prefix, in order of preference', () => {
    expect(detectLanguage({ cookie: '', browserLanguages: ['fr-FR', 'ja-JP', 'en'] })).toBe('ja');
    expect(detectLanguage({ cookie: '', browserLanguages: ['zh-TW'] })).toBe('zh');
    expect(detectLanguage({ cookie: '', browserLanguages: ['EN-us'] })).toBe('en');
  });

  it('defaults to zh', () => {
    expect(detectLanguage({ cookie: '', browserLanguages: [] })).toBe('zh');
    expect(detectLanguage({ cookie: 'languages=en', browserLanguages: ['de-DE'] })).toBe('zh');
  });
});

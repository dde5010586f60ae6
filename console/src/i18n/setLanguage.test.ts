import { afterEach, expect, it, vi } from 'vitest';
import { readCookie } from '../lib/cookies';
import { pageReload } from '../lib/pageReload';
import { detectBrowserLanguage } from './detectLanguage';
import { setLanguage } from './setLanguage';

afterEach(() => {
  document.cookie = 'language=; path=/; max-age=0';
});

it('stores the language in the language cookie and reloads the page', () => {
  const reload = vi.spyOn(pageReload, 'reload').mockImplementation(() => undefined);

  setLanguage('ja');

  expect(readCookie(document.cookie, 'language')).toBe('ja');
  expect(detectBrowserLanguage()).toBe('ja');
  expect(reload).toHaveBeenCalledTimes(1);
});

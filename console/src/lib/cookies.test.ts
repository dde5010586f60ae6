import { expect, it } from 'vitest';
import { readCookie } from './cookies';

it('reads one cookie out of a cookie header, decoding its value', () => {
  const header = 'nimbus_token=abc; language=zh; note=a%20b';
  expect(readCookie(header, 'language')).toBe('zh');
  expect(readCookie(header, 'note')).toBe('a b');
  expect(readCookie(header, 'lang')).toBeUndefined();
  expect(readCookie('', 'language')).toBeUndefined();
});

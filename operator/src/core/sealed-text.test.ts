import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openText, sealText } from './sealed-text.js';

const key = randomBytes(32);

describe('text sealed for a round trip through a client', () => {
  it('opens what it sealed, and hides it', () => {
    const sealed = sealText(key, '["name","web-1","demo",42]');
    expect(openText(key, sealed)).toBe('["name","web-1","demo",42]');
    expect(sealed).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(Buffer.from(sealed.split('.')[2] ?? '', 'base64url').toString('utf8')).not.toContain(
      'web-1',
    );
    // A fresh IV each time: the same text does not seal to the same string.
    expect(sealText(key, 'same')).not.toBe(sealText(key, 'same'));
  });

  it('does not open under another key, altered, or malformed', () => {
    const sealed = sealText(key, 'page two');
    expect(openText(randomBytes(32), sealed)).toBeUndefined();
    const [iv, tag, body = ''] = sealed.split('.');
    const flipped = Buffer.from(body, 'base64url');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(openText(key, [iv, tag, flipped.toString('base64url')].join('.'))).toBeUndefined();
    expect(openText(key, `${sealed}.extra`)).toBeUndefined();
    expect(openText(key, 'garbage')).toBeUndefined();
    expect(openText(key, '..')).toBeUndefined();
  });
});

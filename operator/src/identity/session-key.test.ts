import { describe, expect, it } from 'vitest';
import { readSessionKey, SessionKeyError } from './session-key.js';

const fileWith = (content: string) => () => Buffer.from(content);

describe('readSessionKey', () => {
  it('reads a key of at least 32 bytes, ignoring a trailing newline', () => {
    const key = readSessionKey('/k', fileWith(`${'k'.repeat(64)}\n`));
    expect(key.length).toBe(64);
  });

  it('refuses a short key', () => {
    expect(() => readSessionKey('/k', fileWith('short\n'))).toThrow(/at least 32 are required/);
  });

  it('explains a missing file', () => {
    const missing = () => {
      throw new Error('ENOENT: no such file or directory');
    };
    expect(() => readSessionKey('/nope', missing)).toThrow(SessionKeyError);
    expect(() => readSessionKey('/nope', missing)).toThrow(/NIMBUS_SESSION_KEY_FILE: ENOENT/);
  });
});

import { describe, expect, it } from 'vitest';
import { isValidPassword, isValidUserName } from './credentialRules';

describe('user name rule', () => {
  it.each(['alice', 'a', 'alice-smith', 'alice.smith', 'team-1.ops', '007'])(
    'accepts %s',
    (name) => {
      expect(isValidUserName(name)).toBe(true);
    },
  );

  it.each(['Alice', 'alice_smith', '-alice', 'alice-', 'alice..smith', '.alice', 'al ice', ''])(
    'rejects %j',
    (name) => {
      expect(isValidUserName(name)).toBe(false);
    },
  );

  it('rejects labels over 63 and names over 253 characters', () => {
    expect(isValidUserName('a'.repeat(63))).toBe(true);
    expect(isValidUserName('a'.repeat(64))).toBe(false);
    const name253 = [...Array<string>(4).fill('a'.repeat(50)), 'a'.repeat(49)].join('.');
    expect(name253).toHaveLength(253);
    expect(isValidUserName(name253)).toBe(true);
    expect(isValidUserName(`${name253}a`)).toBe(false);
  });
});

describe('password rule', () => {
  it.each(['abc123', 'Passw0rd', 'a1b2c3d4'])('accepts %s', (password) => {
    expect(isValidPassword(password)).toBe(true);
  });

  it.each(['ab12', 'abcdef', '123456', 'ABC123', ''])('rejects %j', (password) => {
    expect(isValidPassword(password)).toBe(false);
  });
});

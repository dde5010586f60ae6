import { describe, expect, it } from 'vitest';
import {
  credentialChecks,
  isValidEmail,
  isValidPassword,
  isValidUserName,
} from './credentialChecks';

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

  it.each(['ab12', 'abcdef', '123456', 'ABC123', '', `a1${'b'.repeat(127)}`])(
    'rejects %j',
    (password) => {
      expect(isValidPassword(password)).toBe(false);
    },
  );
});

describe('email rule', () => {
  it.each(['bob@example.com', 'a.b+c@mail.example.org'])('accepts %s', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  it.each(['bob@', 'bob', '@example.com', 'bob@example', 'bob @example.com'])(
    'rejects %j',
    (email) => {
      expect(isValidEmail(email)).toBe(false);
    },
  );
});

describe('sign-in and register field checks', () => {
  const values = { password: 'abc123' };

  it('names the SPEC message of the first broken rule', () => {
    expect(credentialChecks.userName('')).toBe('validation.userNameRequired');
    expect(credentialChecks.userName('Alice_Smith')).toBe('validation.userNameFormat');
    expect(credentialChecks.email('')).toBe('validation.emailRequired');
    expect(credentialChecks.email('bob@')).toBe('validation.emailFormat');
    expect(credentialChecks.password('')).toBe('validation.passwordRule');
    expect(credentialChecks.password('abcdef')).toBe('validation.passwordRule');
    expect(credentialChecks.confirmPassword('', values)).toBe('validation.confirmPasswordRequired');
    expect(credentialChecks.confirmPassword('abc124', values)).toBe(
      'validation.confirmPasswordMismatch',
    );
    expect(credentialChecks.mfaCode('  ')).toBe('validation.mfaCodeRequired');
  });

  it('passes valid values', () => {
    expect(credentialChecks.userName('alice')).toBeUndefined();
    expect(credentialChecks.email('bob@example.com')).toBeUndefined();
    expect(credentialChecks.password('abc123')).toBeUndefined();
    expect(credentialChecks.confirmPassword('abc123', values)).toBeUndefined();
    expect(credentialChecks.mfaCode('123456')).toBeUndefined();
  });
});

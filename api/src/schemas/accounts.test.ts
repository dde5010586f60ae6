import { describe, expect, it } from 'vitest';
import { emailRule, passwordRule, registerBody, userNameRule } from './accounts.js';
import { ruleMessages } from '../shared/accounts.js';

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('user name rule', () => {
  it.each(['alice', 'jane.doe', 'dev-1.team-a', 'a', '0'])('accepts %s', (name) => {
    expect(userNameRule.safeParse(name).success).toBe(true);
  });

  it.each([
    'Alice',
    'jane_doe',
    '-jane',
    'jane-',
    'jane..doe',
    '.jane',
    'jane doe',
    'a'.repeat(254),
  ])('refuses %s with the SPEC message', (name) => {
    expect(messagesOf(userNameRule.safeParse(name))).toEqual([ruleMessages.userName]);
  });

  it('requires a value and trims it', () => {
    expect(messagesOf(userNameRule.safeParse(''))).toEqual([ruleMessages.required]);
    expect(userNameRule.parse('  bob  ')).toBe('bob');
  });
});

describe('password rule', () => {
  it.each(['abc123', 'secret12', 'Passw0rdx'])('accepts %s', (password) => {
    expect(passwordRule.safeParse(password).success).toBe(true);
  });

  it.each(['abc12', 'abcdef', '123456', 'ABCDEF12', 'a1'.repeat(65)])(
    'refuses %s with one message',
    (password) => {
      expect(messagesOf(passwordRule.safeParse(password))).toEqual([ruleMessages.password]);
    },
  );

  it('says Required for an empty password', () => {
    expect(messagesOf(passwordRule.safeParse(''))).toEqual([ruleMessages.required]);
  });
});

describe('email rule', () => {
  it('accepts a normal address and refuses a malformed one', () => {
    expect(emailRule.safeParse('a.b@example.com').success).toBe(true);
    expect(messagesOf(emailRule.safeParse('not-an-email'))).toEqual([ruleMessages.email]);
  });
});

describe('register body', () => {
  const valid = {
    userName: 'bob',
    email: 'bob@example.com',
    password: 'secret12',
    verifyPassword: 'secret12',
  };

  it('accepts a valid body', () => {
    expect(registerBody.safeParse(valid).success).toBe(true);
  });

  it('says Unmatched password on verifyPassword', () => {
    const result = registerBody.safeParse({ ...valid, verifyPassword: 'secret13' });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({
        path: ['verifyPassword'],
        message: ruleMessages.unmatchedPassword,
      }),
    ]);
  });

  it('says Please confirm password when the confirmation is empty', () => {
    const result = registerBody.safeParse({ ...valid, verifyPassword: '' });
    expect(messagesOf(result)).toContain(ruleMessages.confirmPassword);
  });
});

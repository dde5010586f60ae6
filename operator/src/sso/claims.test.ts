import { describe, expect, it } from 'vitest';
import { nimbusUserName, profileOf, ProfileError } from './claims.js';

const provider = {
  spec: {
    displayName: 'Corp',
    issuer: 'https://idp.example',
    clientId: 'nimbus',
    scopes: ['openid'],
    claims: {
      userName: 'preferred_username',
      displayName: 'name',
      email: 'email',
      groups: 'https://corp.example/groups',
    },
    enabled: true,
  },
};

describe('provider user names as Nimbus user names', () => {
  it.each([
    ['alice', 'alice'],
    ['Alice.Smith', 'alice.smith'],
    ['alice@corp.example', 'alice-corp.example'],
    ['Bob_O’Neil', 'bob-o-neil'],
    ['-lead-.trail-', 'lead.trail'],
    ['a..b', 'a.b'],
  ])('%s becomes %s', (raw, name) => {
    expect(nimbusUserName(raw)).toBe(name);
  });

  it('gives up on names with nothing usable in them', () => {
    expect(nimbusUserName('___')).toBeUndefined();
    expect(nimbusUserName('')).toBeUndefined();
  });
});

describe('the profile a sign-in reads', () => {
  const claims = {
    iss: 'https://idp.example',
    sub: 'u-1',
    preferred_username: 'Alice',
    email: 'alice@corp.example',
    name: 'Alice A.',
    'https://corp.example/groups': ['dev', 'dev', 'ops', 7],
  };

  it('reads the configured claims, groups without duplicates or non-strings', () => {
    expect(profileOf(provider, claims)).toEqual({
      issuer: 'https://idp.example',
      subject: 'u-1',
      userName: 'alice',
      email: 'alice@corp.example',
      displayName: 'Alice A.',
      groups: ['dev', 'ops'],
    });
    expect(profileOf(provider, { ...claims, 'https://corp.example/groups': 'dev' }).groups).toEqual(
      ['dev'],
    );
  });

  it('refuses a profile without a user name or a valid email', () => {
    expect(() => profileOf(provider, { ...claims, preferred_username: undefined })).toThrow(
      ProfileError,
    );
    expect(() => profileOf(provider, { ...claims, email: 'not an email' })).toThrow(/email/);
    expect(() => profileOf(provider, { ...claims, sub: '' })).toThrow(/subject/);
  });
});

import { describe, expect, it } from 'vitest';
import { pathPattern } from './path-pattern.js';

describe('pathPattern', () => {
  it('matches each parameter and the host as one non-empty segment', () => {
    const pattern = pathPattern('/iam.{host}/users/:userName/mfa');
    expect(pattern.test('/iam.nimbus.io/users/alice/mfa')).toBe(true);
    expect(pattern.test('/iam.nimbus.io/users//mfa')).toBe(false);
    expect(pattern.test('/iam.nimbus.io/users/a/b/mfa')).toBe(false);
  });

  it('takes the host and the prefix literally when given', () => {
    const pattern = pathPattern('/auth.{host}/identity-providers/:name/authorize', {
      prefix: '/api/v1',
      host: 'nimbus.io',
    });
    expect(pattern.test('/api/v1/auth.nimbus.io/identity-providers/corp/authorize')).toBe(true);
    expect(pattern.test('/api/v1/auth.nimbusxio/identity-providers/corp/authorize')).toBe(false);
    expect(pattern.test('/api/v1/auth.other.io/identity-providers/corp/authorize')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import type { OrganizationMembership } from './identity.js';
import { currentMembership, deriveRole } from './identity.js';

const acme: OrganizationMembership = { name: 'acme', uid: 'uid-acme', admin: true };
const globex: OrganizationMembership = { name: 'globex', uid: 'uid-globex', admin: false };

describe('derived role', () => {
  it('gives system-admin to a system administrator whatever the organization', () => {
    expect(deriveRole(true, undefined)).toBe('system-admin');
    expect(deriveRole(true, globex)).toBe('system-admin');
  });

  it('gives organization-admin only for an organization the user administers', () => {
    expect(deriveRole(false, acme)).toBe('organization-admin');
    expect(deriveRole(false, globex)).toBe('user');
    expect(deriveRole(false, undefined)).toBe('user');
  });
});

describe('current organization', () => {
  const memberships = [globex, acme];

  it('is the requested one, by uid or name, while the user belongs to it', () => {
    expect(currentMembership(memberships, 'uid-acme')).toBe(acme);
    expect(currentMembership(memberships, 'acme')).toBe(acme);
  });

  it('falls back to the first organization otherwise', () => {
    expect(currentMembership(memberships, 'gone')).toBe(globex);
    expect(currentMembership(memberships, undefined)).toBe(globex);
    expect(currentMembership([], 'acme')).toBeUndefined();
  });

  it('changes the derived role with the organization', () => {
    expect(deriveRole(false, currentMembership(memberships, 'acme'))).toBe('organization-admin');
    expect(deriveRole(false, currentMembership(memberships, 'globex'))).toBe('user');
  });
});

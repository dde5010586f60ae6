import { describe, expect, it } from 'vitest';
import { deriveRole, isAdminRole } from './deriveRole';

const org = (uuid: string, adminFlag: boolean) => ({ uuid, name: uuid, cnName: uuid, adminFlag });

describe('deriveRole', () => {
  it('makes a sysAdminFlag holder system-admin, with or without organizations', () => {
    expect(deriveRole({ sysAdminFlag: true, organizations: [] }, undefined)).toEqual({
      role: 'system-admin',
      organizationId: undefined,
    });
    expect(deriveRole({ sysAdminFlag: true, organizations: [org('a', false)] }, 'a').role).toBe(
      'system-admin',
    );
  });

  it('uses adminFlag of the stored organization while the user still belongs to it', () => {
    const user = { sysAdminFlag: false, organizations: [org('a', false), org('b', true)] };
    expect(deriveRole(user, 'b')).toEqual({ role: 'organization-admin', organizationId: 'b' });
    expect(deriveRole(user, 'a')).toEqual({ role: 'user', organizationId: 'a' });
  });

  it('falls back to the first organization when the stored one is gone or unset', () => {
    const user = { sysAdminFlag: false, organizations: [org('a', true), org('b', false)] };
    expect(deriveRole(user, 'deleted')).toEqual({
      role: 'organization-admin',
      organizationId: 'a',
    });
    expect(deriveRole(user, undefined).organizationId).toBe('a');
  });

  it('gives a user without organizations the plain user role', () => {
    expect(deriveRole({ sysAdminFlag: false, organizations: [] }, 'x')).toEqual({
      role: 'user',
      organizationId: undefined,
    });
  });
});

it('counts system and organization administrators as admins', () => {
  expect([isAdminRole('system-admin'), isAdminRole('organization-admin')]).toEqual([true, true]);
  expect([isAdminRole('user'), isAdminRole(undefined)]).toEqual([false, false]);
});

import { describe, expect, it } from 'vitest';
import { ApiError, errors } from '../core/errors.js';
import type { Identity } from '../identity/identity.js';
import { readableOrganizationsFor, scopedFilter } from './scope.js';

function caller(extra: Partial<Identity>): Identity {
  return {
    userName: 'alice',
    userId: 'uid-alice',
    sysAdmin: false,
    organizations: [],
    role: 'user',
    via: 'session',
    ...extra,
  };
}

function refusal(work: () => unknown): unknown {
  try {
    work();
  } catch (error) {
    return error instanceof ApiError ? error.entry : error;
  }
  return undefined;
}

const admin = caller({
  organizations: [
    { name: 'org-b', uid: 'b', admin: false },
    { name: 'org-c', uid: 'c', admin: true },
    { name: 'org-a', uid: 'a', admin: true },
  ],
});

describe('audit visibility', () => {
  it('gives system administrators every record, with any organization filter', () => {
    const root = caller({ sysAdmin: true });
    expect(readableOrganizationsFor(root)).toBeUndefined();
    expect(scopedFilter({ organizationUid: 'z' }, undefined)).toEqual({ organizationUid: 'z' });
  });

  it('gives organization administrators the organizations they administer, not the others', () => {
    const readable = readableOrganizationsFor(admin);
    expect(readable).toEqual(['a', 'c']);
    expect(scopedFilter({ user: 'bob' }, readable)).toEqual({
      user: 'bob',
      organizationUids: ['a', 'c'],
    });
    expect(scopedFilter({ organizationUid: 'c' }, readable)).toEqual({
      organizationUid: 'c',
      organizationUids: ['a', 'c'],
    });
  });

  it('refuses an organization filter outside the administered ones with 9997', () => {
    const readable = readableOrganizationsFor(admin);
    expect(refusal(() => scopedFilter({ organizationUid: 'b' }, readable))).toBe(
      errors.noPermission,
    );
  });

  it('refuses members who administer nothing with 9997', () => {
    const member = caller({ organizations: [{ name: 'org-a', uid: 'a', admin: false }] });
    expect(refusal(() => readableOrganizationsFor(member))).toBe(errors.noPermission);
  });
});

import { describe, expect, it } from 'vitest';
import { ApiError, errors } from '../http/errors.js';
import type { Identity } from '../identity/identity.js';
import { createMemoryStore } from '../testing/memory-store.js';
import { hubMemberLookup, visibleUsersFor } from './scope.js';

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

describe('audit visibility', () => {
  it('gives system administrators every record', () => {
    expect(visibleUsersFor(caller({ sysAdmin: true }), () => ['x'])).toBeUndefined();
  });

  it('gives organization administrators the members of the organizations they administer', () => {
    const asked: string[][] = [];
    const visible = visibleUsersFor(
      caller({
        organizations: [
          { name: 'org-a', uid: 'a', admin: true },
          { name: 'org-b', uid: 'b', admin: false },
        ],
      }),
      (orgs) => {
        asked.push([...orgs]);
        return ['bob', 'alice'];
      },
    );
    expect(asked).toEqual([['org-a']]);
    expect(visible).toEqual(['alice', 'bob']);
  });

  it('refuses members who administer nothing with 9997', () => {
    const member = caller({ organizations: [{ name: 'org-a', uid: 'a', admin: false }] });
    expect(() => visibleUsersFor(member, () => [])).toThrow(ApiError);
    try {
      visibleUsersFor(member, () => []);
    } catch (error) {
      expect((error as ApiError).entry).toBe(errors.noPermission);
    }
  });

  it('finds members from the User resources of the hub store', async () => {
    const store = createMemoryStore();
    const user = (name: string, organizations: { name: string; admin: boolean }[]) =>
      store.users.apply({
        metadata: { name },
        spec: { email: `${name}@example.com`, organizations },
      });
    await user('bob', [{ name: 'org-a', admin: false }]);
    await user('carol', [{ name: 'org-b', admin: true }]);
    await user('dave', []);
    expect(hubMemberLookup(store)(['org-a']).sort()).toEqual(['bob']);
    expect(hubMemberLookup(store)(['org-a', 'org-b']).sort()).toEqual(['bob', 'carol']);
  });
});

import { describe, expect, it } from 'vitest';
import { removeRegistrationObjects } from './member-cleanup.js';
import type { ExistingRbacObject, MemberRbacApi, RbacPlural } from './member-rbac-api.js';
import { MemberRbacError } from './member-rbac-api.js';
import {
  clusterUidLabel,
  managedByLabel,
  managedByValue,
  registrationPrefix,
} from './ownership.js';

const uid = 'uid-1';

function owned(name: string, namespace?: string): ExistingRbacObject {
  return {
    metadata: {
      name: `${registrationPrefix(uid)}${name}`,
      ...(namespace === undefined ? {} : { namespace }),
      labels: { [managedByLabel]: managedByValue, [clusterUidLabel]: uid },
    },
  };
}

/** A member holding one owned object of every kind, refusing to list the kinds given. */
function memberRefusing(refused: RbacPlural[]) {
  const objects: Record<RbacPlural, ExistingRbacObject[]> = {
    rolebindings: [owned('rb', 'apps')],
    clusterrolebindings: [owned('crb')],
    roles: [owned('r', 'apps')],
    clusterroles: [owned('cr')],
  };
  const removed: string[] = [];
  const api: MemberRbacApi = {
    list: (plural) =>
      refused.includes(plural)
        ? Promise.reject(new MemberRbacError(`list ${plural}`, 403))
        : Promise.resolve(objects[plural]),
    apply: () => Promise.resolve(),
    remove: (plural, name) => {
      removed.push(`${plural}/${name}`);
      return Promise.resolve();
    },
    whoAmI: () => Promise.resolve(undefined),
    memberId: () => Promise.resolve('member'),
  };
  return { api, removed };
}

describe('removing one registration’s objects from a member', () => {
  it('removes every kind, bindings before roles', async () => {
    const { api, removed } = memberRefusing([]);
    expect(await removeRegistrationObjects(api, uid)).toEqual({ removed: 4, refused: [] });
    expect(removed.map((r) => r.split('/')[0])).toEqual([
      'rolebindings',
      'clusterrolebindings',
      'roles',
      'clusterroles',
    ]);
  });

  it('skips a kind the member refuses to list and still cleans the others', async () => {
    const { api, removed } = memberRefusing(['rolebindings', 'roles']);
    expect(await removeRegistrationObjects(api, uid)).toEqual({
      removed: 2,
      refused: ['rolebindings', 'roles'],
    });
    expect(removed).toEqual([
      `clusterrolebindings/${registrationPrefix(uid)}crb`,
      `clusterroles/${registrationPrefix(uid)}cr`,
    ]);
  });

  it('stops on any other failure: an unreachable member is not a refusal', async () => {
    const { api } = memberRefusing([]);
    const failing: MemberRbacApi = {
      ...api,
      list: () => Promise.reject(new MemberRbacError('list rolebindings', 503)),
    };
    await expect(removeRegistrationObjects(failing, uid)).rejects.toThrow('answered 503');
  });
});

import { describe, expect, it } from 'vitest';
import { groupObject, roleObject, userObject } from '../testing/iam.js';
import { effectiveClusterAccess } from './effective.js';

const roles = [
  roleObject('deployer', 'acme', [
    ['application:list', 'allow'],
    ['application:create', 'allow'],
    ['secret:list', 'allow'],
  ]),
  roleObject('no-secrets', 'acme', [
    ['application:list', 'allow'],
    ['secret:list', 'deny'],
  ]),
  roleObject('viewer', undefined, [['application:list', 'allow']]),
  roleObject('foreign', 'globex', [['node:cordon', 'allow']]),
];

const alice = userObject(
  'alice',
  { acme: false },
  { clusterPermissions: [{ cluster: 'prod', role: 'deployer', effect: 'Allow' }] },
);

describe('effectiveClusterAccess', () => {
  it("uses the user's own bindings when the user is in no group", () => {
    const access = effectiveClusterAccess(alice, [], roles);
    expect(Object.keys(access)).toEqual(['prod']);
    expect(access.prod).toMatchObject({
      effect: 'Allow',
      permissions: ['application:create', 'application:list', 'secret:list'],
      roles: [{ role: 'deployer', effect: 'Allow', source: { kind: 'user' } }],
    });
  });

  it("uses only the groups' bindings once the user is in a group, even one without bindings", () => {
    const empty = groupObject('empty', 'acme', ['alice']);
    expect(effectiveClusterAccess(alice, [empty], roles)).toEqual({});
    const viewers = groupObject(
      'viewers',
      'acme',
      ['alice'],
      [{ cluster: 'stage', role: 'viewer', effect: 'Allow' }],
    );
    const access = effectiveClusterAccess(alice, [viewers], roles);
    expect(Object.keys(access)).toEqual(['stage']);
    expect(access.stage?.roles[0]?.source).toEqual({ kind: 'group', name: 'viewers' });
  });

  it('lets a denied permission win over an allowed one within the chosen set', () => {
    const groups = [
      groupObject(
        'builders',
        'acme',
        ['alice'],
        [{ cluster: 'prod', role: 'deployer', effect: 'Allow' }],
      ),
      groupObject(
        'auditors',
        'acme',
        ['alice'],
        [{ cluster: 'prod', role: 'no-secrets', effect: 'Allow' }],
      ),
    ];
    const access = effectiveClusterAccess(alice, groups, roles);
    expect(access.prod?.effect).toBe('Allow');
    expect(access.prod?.permissions).toEqual(['application:create', 'application:list']);
  });

  it('disables the whole cluster when any chosen binding is Deny', () => {
    const groups = [
      groupObject(
        'builders',
        'acme',
        ['alice'],
        [{ cluster: 'prod', role: 'deployer', effect: 'Allow' }],
      ),
      groupObject(
        'blocked',
        'acme',
        ['alice'],
        [{ cluster: 'prod', role: 'viewer', effect: 'Deny' }],
      ),
    ];
    const access = effectiveClusterAccess(alice, groups, roles);
    expect(access.prod).toMatchObject({ effect: 'Deny', permissions: [] });
  });

  it('ignores groups of organizations the user left and roles of other organizations', () => {
    const stale = groupObject(
      'old',
      'globex',
      ['alice'],
      [{ cluster: 'prod', role: 'viewer', effect: 'Deny' }],
    );
    const foreignRole = userObject(
      'alice',
      { acme: false },
      { clusterPermissions: [{ cluster: 'prod', role: 'foreign', effect: 'Allow' }] },
    );
    expect(effectiveClusterAccess(alice, [stale], roles).prod?.effect).toBe('Allow');
    expect(effectiveClusterAccess(foreignRole, [], roles).prod?.permissions).toEqual([]);
  });

  it('grants nothing for a binding to a missing role', () => {
    const dangling = userObject(
      'bob',
      { acme: false },
      { clusterPermissions: [{ cluster: 'prod', role: 'gone', effect: 'Allow' }] },
    );
    expect(effectiveClusterAccess(dangling, [], roles).prod).toMatchObject({
      effect: 'Allow',
      permissions: [],
    });
  });
});

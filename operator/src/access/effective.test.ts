import { describe, expect, it } from 'vitest';
import {
  clusterObject,
  groupObject,
  roleObject,
  userObject,
  everyOrganization,
} from '../testing/iam.js';
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

const clusters = [
  clusterObject('prod', 'acme'),
  clusterObject('stage', 'acme'),
  clusterObject('gprod', 'globex'),
];

const alice = userObject(
  'alice',
  { acme: false },
  { clusterPermissions: [{ cluster: 'prod', role: 'deployer', effect: 'Allow' }] },
);

describe('effectiveClusterAccess', () => {
  it("uses the user's own bindings when the user is in no group", () => {
    const access = effectiveClusterAccess(alice, [], roles, clusters, everyOrganization);
    expect(Object.keys(access)).toEqual(['prod']);
    expect(access.prod).toMatchObject({
      effect: 'Allow',
      permissions: ['application:create', 'application:list', 'secret:list'],
      roles: [{ role: 'deployer', effect: 'Allow', source: { kind: 'user' } }],
    });
  });

  it("uses only the groups' bindings once the user is in a group, even one without bindings", () => {
    const empty = groupObject('empty', 'acme', ['alice']);
    expect(effectiveClusterAccess(alice, [empty], roles, clusters, everyOrganization)).toEqual({});
    const viewers = groupObject(
      'viewers',
      'acme',
      ['alice'],
      [{ cluster: 'stage', role: 'viewer', effect: 'Allow' }],
    );
    const access = effectiveClusterAccess(alice, [viewers], roles, clusters, everyOrganization);
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
    const access = effectiveClusterAccess(alice, groups, roles, clusters, everyOrganization);
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
    const access = effectiveClusterAccess(alice, groups, roles, clusters, everyOrganization);
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
    expect(
      effectiveClusterAccess(alice, [stale], roles, clusters, everyOrganization).prod?.effect,
    ).toBe('Allow');
    expect(
      effectiveClusterAccess(foreignRole, [], roles, clusters, everyOrganization).prod?.permissions,
    ).toEqual([]);
  });

  it("never applies another organization's groups to a cluster", () => {
    const mallory = userObject('mallory', { acme: false, 'm-org': true });
    const deny = groupObject(
      'acme-deny',
      'acme',
      ['mallory'],
      [{ cluster: 'prod', role: 'viewer', effect: 'Deny' }],
    );
    const owners = groupObject(
      'm-owners',
      'm-org',
      ['mallory'],
      [{ cluster: 'prod', role: 'deployer', effect: 'Allow' }],
    );
    const access = effectiveClusterAccess(
      mallory,
      [deny, owners],
      roles,
      clusters,
      everyOrganization,
    );
    expect(access.prod).toMatchObject({
      organization: 'acme',
      chosen: 'groups',
      effect: 'Deny',
      roles: [{ role: 'viewer', source: { kind: 'group', name: 'acme-deny' } }],
    });
    // Without acme's group, m-org's group still grants nothing on acme's cluster.
    expect(effectiveClusterAccess(mallory, [owners], roles, clusters, everyOrganization)).toEqual(
      {},
    );
  });

  it("decides groups first per organization: a group elsewhere leaves the user's own bindings", () => {
    const bound = userObject(
      'alice',
      { acme: false, globex: false },
      {
        clusterPermissions: [
          { cluster: 'prod', role: 'viewer', effect: 'Allow' },
          { cluster: 'gprod', role: 'viewer', effect: 'Allow' },
        ],
      },
    );
    const globexGroup = groupObject('globex-ops', 'globex', ['alice']);
    const access = effectiveClusterAccess(bound, [globexGroup], roles, clusters, everyOrganization);
    expect(Object.keys(access)).toEqual(['prod']);
    expect(access.prod).toMatchObject({ chosen: 'user', permissions: ['application:list'] });
  });

  it('gives nothing on a cluster when the user is in a group of its organization without a binding there', () => {
    const group = groupObject(
      'stagers',
      'acme',
      ['alice'],
      [{ cluster: 'stage', role: 'viewer', effect: 'Allow' }],
    );
    const access = effectiveClusterAccess(alice, [group], roles, clusters, everyOrganization);
    expect(access.prod).toBeUndefined();
    expect(access.stage?.permissions).toEqual(['application:list']);
  });

  it("ignores a user's own binding on a cluster of an organization they are not a member of", () => {
    const outsider = userObject(
      'oscar',
      { globex: true },
      { clusterPermissions: [{ cluster: 'prod', role: 'viewer', effect: 'Allow' }] },
    );
    expect(effectiveClusterAccess(outsider, [], roles, clusters, everyOrganization)).toEqual({});
  });

  it('ignores bindings naming clusters that are not registered', () => {
    const ghost = userObject(
      'alice',
      { acme: false },
      { clusterPermissions: [{ cluster: 'nowhere', role: 'viewer', effect: 'Allow' }] },
    );
    expect(effectiveClusterAccess(ghost, [], roles, clusters, everyOrganization)).toEqual({});
  });

  it("grants nothing through a role of another organization than the cluster's", () => {
    const member = userObject(
      'gus',
      { acme: false, globex: false },
      {
        clusterPermissions: [
          { cluster: 'prod', role: 'foreign', effect: 'Allow' },
          { cluster: 'gprod', role: 'foreign', effect: 'Allow' },
        ],
      },
    );
    const access = effectiveClusterAccess(member, [], roles, clusters, everyOrganization);
    expect(access.prod).toMatchObject({ permissions: [], roles: [{ usable: false }] });
    expect(access.gprod).toMatchObject({ permissions: ['node:cordon'], roles: [{ usable: true }] });
  });

  it('grants nothing for a binding to a missing role', () => {
    const dangling = userObject(
      'bob',
      { acme: false },
      { clusterPermissions: [{ cluster: 'prod', role: 'gone', effect: 'Allow' }] },
    );
    expect(
      effectiveClusterAccess(dangling, [], roles, clusters, everyOrganization).prod,
    ).toMatchObject({
      effect: 'Allow',
      permissions: [],
    });
  });
});

import { describe, expect, it } from 'vitest';
import {
  clusterObject,
  groupObject,
  roleObject,
  userObject,
  everyOrganization,
} from '../testing/iam.js';
import { desiredMemberRbac } from '../clusters/rbac/desired-state.js';
import { rbacAllows } from '../testing/rbac-verdict.js';
import { explainConsoleAccess, memberChecksFor } from './explain.js';

const prod = clusterObject('prod', 'acme');
const roles = [
  roleObject('owner', undefined, [
    ['node:cordon', 'allow'],
    ['node:list', 'allow'],
  ]),
  roleObject('read-only', undefined, [['node:list', 'allow']]),
  roleObject('no-cordon', 'acme', [['node:cordon', 'deny']]),
  roleObject('m-owner', 'm-org', [['node:cordon', 'allow']]),
];

describe('explainConsoleAccess', () => {
  it('names the organization, the chosen group, the role and that the role allows it', () => {
    const alice = userObject('alice', { acme: false });
    const ops = groupObject(
      'ops',
      'acme',
      ['alice'],
      [{ cluster: 'prod', role: 'owner', effect: 'Allow' }],
    );
    expect(
      explainConsoleAccess(alice, [ops], roles, prod, 'node:cordon', everyOrganization),
    ).toEqual({
      user: 'alice',
      cluster: 'prod',
      organization: 'acme',
      permission: 'node:cordon',
      memberOfOrganization: true,
      chosen: 'groups',
      groups: ['ops'],
      bindings: [
        {
          source: { kind: 'group', name: 'ops' },
          role: 'owner',
          effect: 'Allow',
          usable: true,
          permission: 'allow',
        },
      ],
      effect: 'Allow',
      allowedByRoles: true,
      allowed: true,
      reason: 'granted',
    });
  });

  it("explains mallory's Deny: her own binding is chosen, her other organization's group is not", () => {
    const mallory = userObject(
      'mallory',
      { acme: false, 'm-org': true },
      { clusterPermissions: [{ cluster: 'prod', role: 'read-only', effect: 'Deny' }] },
    );
    const foreign = groupObject(
      'm-owners',
      'm-org',
      ['mallory'],
      [{ cluster: 'prod', role: 'm-owner', effect: 'Allow' }],
    );
    const answer = explainConsoleAccess(
      mallory,
      [foreign],
      roles,
      prod,
      'node:cordon',
      everyOrganization,
    );
    expect(answer).toMatchObject({
      chosen: 'user',
      groups: [],
      effect: 'Deny',
      allowed: false,
      reason: 'cluster-denied',
      bindings: [{ source: { kind: 'user' }, role: 'read-only', permission: 'absent' }],
    });
  });

  it('tells a role that denies the permission from one that does not grant it', () => {
    const bob = userObject(
      'bob',
      { acme: false },
      { clusterPermissions: [{ cluster: 'prod', role: 'read-only', effect: 'Allow' }] },
    );
    expect(
      explainConsoleAccess(bob, [], roles, prod, 'node:cordon', everyOrganization),
    ).toMatchObject({
      reason: 'not-granted',
      allowedByRoles: false,
    });
    const groups = [
      groupObject('a', 'acme', ['bob'], [{ cluster: 'prod', role: 'owner', effect: 'Allow' }]),
      groupObject('b', 'acme', ['bob'], [{ cluster: 'prod', role: 'no-cordon', effect: 'Allow' }]),
    ];
    const denied = explainConsoleAccess(bob, groups, roles, prod, 'node:cordon', everyOrganization);
    expect(denied).toMatchObject({ reason: 'role-denies', allowed: false, groups: ['a', 'b'] });
    expect(denied.bindings.map((b) => b.permission)).toEqual(['allow', 'deny']);
  });

  it('says when the user is not a member, has no binding there, or is a system admin', () => {
    const outsider = userObject(
      'oscar',
      { 'm-org': true },
      { clusterPermissions: [{ cluster: 'prod', role: 'owner', effect: 'Allow' }] },
    );
    expect(
      explainConsoleAccess(outsider, [], roles, prod, 'node:list', everyOrganization),
    ).toMatchObject({
      memberOfOrganization: false,
      chosen: 'none',
      reason: 'not-member',
      allowed: false,
    });
    const grouped = userObject('gina', { acme: false });
    const elsewhere = groupObject(
      'stage-ops',
      'acme',
      ['gina'],
      [{ cluster: 'stage', role: 'owner', effect: 'Allow' }],
    );
    expect(
      explainConsoleAccess(grouped, [elsewhere], roles, prod, 'node:list', everyOrganization),
    ).toMatchObject({
      chosen: 'groups',
      groups: ['stage-ops'],
      bindings: [],
      reason: 'no-binding',
    });
    const root = userObject('root', {}, { sysAdmin: true });
    expect(
      explainConsoleAccess(root, [], roles, prod, 'node:cordon', everyOrganization),
    ).toMatchObject({
      reason: 'system-admin',
      allowed: true,
    });
  });

  it("grants nothing through a role of another organization than the cluster's", () => {
    const eve = userObject(
      'eve',
      { acme: false, 'm-org': false },
      { clusterPermissions: [{ cluster: 'prod', role: 'm-owner', effect: 'Allow' }] },
    );
    expect(
      explainConsoleAccess(eve, [], roles, prod, 'node:cordon', everyOrganization),
    ).toMatchObject({
      reason: 'not-granted',
      bindings: [{ role: 'm-owner', usable: false, permission: 'allow' }],
    });
  });
});

describe('the console verdict and what the member is given', () => {
  const bob = userObject('bob', { acme: false });
  const users = [
    bob,
    userObject(
      'carol',
      { acme: false },
      {
        clusterPermissions: [{ cluster: 'prod', role: 'owner', effect: 'Allow' }],
      },
    ),
    userObject(
      'dan',
      { acme: false },
      {
        clusterPermissions: [{ cluster: 'prod', role: 'read-only', effect: 'Allow' }],
      },
    ),
    userObject('root', {}, { sysAdmin: true }),
  ];
  // bob holds owner and a role denying the cordon, through two groups.
  const groups = [
    groupObject('a', 'acme', ['bob'], [{ cluster: 'prod', role: 'owner', effect: 'Allow' }]),
    groupObject('b', 'acme', ['bob'], [{ cluster: 'prod', role: 'no-cordon', effect: 'Allow' }]),
  ];
  const rbac = desiredMemberRbac({ users, groups, roles, organizations: everyOrganization }, prod);

  it.each(users.flatMap((u) => ['node:cordon', 'node:list'].map((p) => [u.metadata.name, p])))(
    '%s, %s: explain allows exactly what the projected RBAC allows',
    (name, permission) => {
      const user = users.find((u) => u.metadata.name === name) ?? bob;
      const explained = explainConsoleAccess(
        user,
        groups,
        roles,
        prod,
        permission,
        everyOrganization,
      );
      const member = memberChecksFor(permission).every((check) =>
        rbacAllows(rbac, (s) => s === `nimbus:${name}`, check.verb, check.group, check.resource),
      );
      expect(explained.allowed).toBe(member);
    },
  );

  it('denies bob the cordon on both sides, though one of his roles allows it', () => {
    const explained = explainConsoleAccess(
      bob,
      groups,
      roles,
      prod,
      'node:cordon',
      everyOrganization,
    );
    expect(explained).toMatchObject({ reason: 'role-denies', allowed: false });
    expect(rbacAllows(rbac, (s) => s === 'nimbus:bob', 'patch', '', 'nodes')).toBe(false);
  });
});

describe('memberChecksFor', () => {
  it('lists the RBAC requests a permission stands for, and none for an unknown one', () => {
    expect(memberChecksFor('node:cordon')).toEqual([
      { group: '', resource: 'nodes', verb: 'patch' },
    ]);
    expect(memberChecksFor('nope:nothing')).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { rbacRulesFor } from '../../access/rbac.js';
import {
  clusterObject,
  everyOrganization,
  groupObject,
  roleObject,
  userObject,
} from '../../testing/iam.js';
import { desiredMemberRbac, impersonatorName, impersonatorRole } from './desired-state.js';

const roles = [
  roleObject('developer', undefined, [
    ['application:list', 'allow'],
    ['application:create', 'allow'],
  ]),
  roleObject('viewer', undefined, [
    ['application:list', 'allow'],
    ['secret:list', 'allow'],
    ['secret:list', 'deny'],
  ]),
  roleObject('foreign', 'globex', [['node:cordon', 'allow']]),
];

const clusters = [clusterObject('prod', 'acme'), clusterObject('other', 'acme')];

const names = (objects: Array<{ metadata: { name: string } }>) =>
  objects.map((o) => o.metadata.name);

describe('desiredMemberRbac', () => {
  it("binds the user's own role when the user is in no group", () => {
    const alice = userObject(
      'alice',
      { acme: false },
      { clusterPermissions: [{ cluster: 'prod', role: 'developer', effect: 'Allow' }] },
    );
    const desired = desiredMemberRbac(
      { users: [alice], groups: [], roles, clusters, organizations: everyOrganization },
      'prod',
    );
    expect(names(desired.clusterRoles)).toEqual(['nimbus:role:developer', impersonatorName]);
    expect(desired.clusterRoles[0]).toMatchObject({
      metadata: { labels: { 'app.kubernetes.io/managed-by': 'nimbus' } },
      rules: rbacRulesFor(['application:list', 'application:create']),
    });
    expect(desired.clusterRoleBindings).toEqual([
      expect.objectContaining({
        metadata: {
          name: 'nimbus:user:alice:developer',
          labels: { 'app.kubernetes.io/managed-by': 'nimbus' },
        },
        roleRef: expect.objectContaining({ kind: 'ClusterRole', name: 'nimbus:role:developer' }),
        subjects: [{ kind: 'User', apiGroup: 'rbac.authorization.k8s.io', name: 'nimbus:alice' }],
      }),
    ]);
    expect(
      desiredMemberRbac(
        { users: [alice], groups: [], roles, clusters, organizations: everyOrganization },
        'other',
      ).clusterRoleBindings,
    ).toEqual([]);
  });

  it("applies the groups' roles first: a group member gets the group's role, not their own", () => {
    const bob = userObject(
      'bob',
      { acme: false },
      { clusterPermissions: [{ cluster: 'prod', role: 'developer', effect: 'Allow' }] },
    );
    const group = groupObject(
      'viewers',
      'acme',
      ['bob'],
      [{ cluster: 'prod', role: 'viewer', effect: 'Allow' }],
    );
    const desired = desiredMemberRbac(
      { users: [bob], groups: [group], roles, clusters, organizations: everyOrganization },
      'prod',
    );
    expect(names(desired.clusterRoleBindings)).toEqual(['nimbus:user:bob:viewer']);
    expect(names(desired.clusterRoles)).toEqual(['nimbus:role:viewer', impersonatorName]);
    // The role's own deny wins over its allow: no secret rule.
    expect(desired.clusterRoles[0]?.rules).toEqual(rbacRulesFor(['application:list']));
  });

  it('yields nothing for a Deny binding or a role from another organization', () => {
    const carol = userObject(
      'carol',
      { acme: false },
      { clusterPermissions: [{ cluster: 'prod', role: 'developer', effect: 'Deny' }] },
    );
    const dave = userObject(
      'dave',
      { acme: false },
      { clusterPermissions: [{ cluster: 'prod', role: 'foreign', effect: 'Allow' }] },
    );
    const desired = desiredMemberRbac(
      { users: [carol, dave], groups: [], roles, clusters, organizations: everyOrganization },
      'prod',
    );
    expect(desired.clusterRoleBindings).toEqual([]);
    expect(names(desired.clusterRoles)).toEqual([impersonatorName]);
  });

  it('drops the binding once the group that granted it is removed', () => {
    const erin = userObject('erin', { acme: false });
    const group = groupObject(
      'devs',
      'acme',
      ['erin'],
      [{ cluster: 'prod', role: 'developer', effect: 'Allow' }],
    );
    const before = desiredMemberRbac(
      { users: [erin], groups: [group], roles, clusters, organizations: everyOrganization },
      'prod',
    );
    expect(names(before.clusterRoleBindings)).toEqual(['nimbus:user:erin:developer']);
    const after = desiredMemberRbac(
      { users: [erin], groups: [], roles, clusters, organizations: everyOrganization },
      'prod',
    );
    expect(after.clusterRoleBindings).toEqual([]);
    expect(names(after.clusterRoles)).toEqual([impersonatorName]);
  });

  it('limits impersonation to every Nimbus user and binds it to the operator identity', () => {
    const users = [userObject('zoe'), userObject('alice'), userObject('mike')];
    const desired = desiredMemberRbac(
      { users, groups: [], roles, clusters, organizations: everyOrganization },
      'prod',
      'kubernetes-admin',
    );
    const impersonator = desired.clusterRoles.find((r) => r.metadata.name === impersonatorName);
    expect(impersonator?.rules).toEqual([
      {
        apiGroups: [''],
        resources: ['users'],
        verbs: ['impersonate'],
        resourceNames: ['nimbus:alice', 'nimbus:mike', 'nimbus:zoe'],
      },
    ]);
    expect(desired.clusterRoleBindings).toEqual([
      expect.objectContaining({
        metadata: expect.objectContaining({ name: impersonatorName }),
        roleRef: expect.objectContaining({ name: impersonatorName }),
        subjects: [expect.objectContaining({ kind: 'User', name: 'kubernetes-admin' })],
      }),
    ]);
  });

  it("never projects a binding of another organization's group or of a non-member", () => {
    const mallory = userObject('mallory', { acme: false, 'm-org': true });
    const deny = groupObject(
      'acme-deny',
      'acme',
      ['mallory'],
      [{ cluster: 'prod', role: 'developer', effect: 'Deny' }],
    );
    const foreign = groupObject(
      'm-owners',
      'm-org',
      ['mallory'],
      [{ cluster: 'prod', role: 'developer', effect: 'Allow' }],
    );
    const outsider = userObject(
      'oscar',
      { 'm-org': true },
      { clusterPermissions: [{ cluster: 'prod', role: 'developer', effect: 'Allow' }] },
    );
    const inputs = {
      users: [mallory, outsider],
      groups: [deny, foreign],
      roles,
      clusters,
      organizations: everyOrganization,
    };
    expect(desiredMemberRbac(inputs, 'prod').clusterRoleBindings).toEqual([]);
    const withoutDeny = { ...inputs, groups: [foreign] };
    expect(desiredMemberRbac(withoutDeny, 'prod').clusterRoleBindings).toEqual([]);
  });

  it('grants no impersonation at all without users (empty resourceNames would mean everyone)', () => {
    expect(impersonatorRole([]).rules).toEqual([]);
  });

  it('gives a system admin the owner role in every member unless a binding denies them', () => {
    const owner = roleObject('owner', undefined, [['node:cordon', 'allow']]);
    const root = userObject('root', {}, { sysAdmin: true });
    const denied = userObject(
      'ops',
      { acme: true },
      { sysAdmin: true, clusterPermissions: [{ cluster: 'prod', role: 'owner', effect: 'Deny' }] },
    );
    const desired = desiredMemberRbac(
      {
        users: [root, denied],
        groups: [],
        roles: [...roles, owner],
        clusters,
        organizations: everyOrganization,
      },
      'prod',
    );
    expect(names(desired.clusterRoleBindings)).toEqual(['nimbus:user:root:owner']);
    expect(names(desired.clusterRoles)).toContain('nimbus:role:owner');
  });
});

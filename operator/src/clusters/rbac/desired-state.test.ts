import { describe, expect, it } from 'vitest';
import { rbacRulesFor } from '../../access/rbac.js';
import {
  clusterObject,
  everyOrganization,
  groupObject,
  roleObject,
  userObject,
} from '../../testing/iam.js';
import { rbacAllows } from '../../testing/rbac-verdict.js';
import { clusterAccessOf } from '../../access/effective.js';
import { memberGrant } from '../../access/member-grant.js';
import type { RbacInputs } from './desired-state.js';
import { desiredMemberRbac, impersonatorRules, memberGrants } from './desired-state.js';
import { impersonatorObjectName, rulesObjectName } from './ownership.js';

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

const prod = clusterObject('prod', 'acme');
const other = clusterObject('other', 'acme');
const uid = prod.metadata.uid;
const owned = {
  'app.kubernetes.io/managed-by': 'nimbus',
  'nimbus.io/cluster-uid': uid,
  'nimbus.io/cluster': 'prod',
};

const names = (objects: Array<{ metadata: { name: string } }>) =>
  objects.map((o) => o.metadata.name);
const inputs = (users: RbacInputs['users'], groups: RbacInputs['groups'] = []): RbacInputs => ({
  users,
  groups,
  roles,
  organizations: everyOrganization,
});
const userBindings = (rbac: ReturnType<typeof desiredMemberRbac>) =>
  names(rbac.clusterRoleBindings).filter((n) => n !== impersonatorObjectName(uid));
/** The name of the ClusterRole and binding a registration shares among users with these rules. */
const nameFor = (permissions: string[]) =>
  rulesObjectName(uid, JSON.stringify(rbacRulesFor(permissions)));

describe('desiredMemberRbac', () => {
  it("projects the user's own role as a ClusterRole of its rules and a binding, owned by the registration", () => {
    const alice = userObject(
      'alice',
      { acme: false },
      { clusterPermissions: [{ cluster: 'prod', role: 'developer', effect: 'Allow' }] },
    );
    const desired = desiredMemberRbac(inputs([alice]), prod);
    const name = nameFor(['application:create', 'application:list']);
    expect(name).toMatch(new RegExp(`^nimbus:${uid}:rules:[0-9a-f]{20}$`));
    expect(names(desired.clusterRoles)).toEqual([impersonatorObjectName(uid), name].sort());
    expect(desired.clusterRoles.find((r) => r.metadata.name === name)).toEqual({
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'ClusterRole',
      metadata: { name, labels: owned },
      rules: rbacRulesFor(['application:create', 'application:list']),
    });
    expect(desired.clusterRoleBindings).toEqual([
      expect.objectContaining({
        metadata: { name, labels: owned },
        roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name },
        subjects: [{ kind: 'User', apiGroup: 'rbac.authorization.k8s.io', name: 'nimbus:alice' }],
      }),
    ]);
    expect(desiredMemberRbac(inputs([alice]), other).clusterRoleBindings).toEqual([]);
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
    const desired = desiredMemberRbac(inputs([bob], [group]), prod);
    // The role's own deny wins over its allow: no secret rule, and nothing of developer.
    expect(userBindings(desired)).toEqual([nameFor(['application:list'])]);
    const role = desired.clusterRoles.find(
      (r) => r.metadata.name === nameFor(['application:list']),
    );
    expect(role?.rules).toEqual(rbacRulesFor(['application:list']));
  });

  it('lets a deny in one bound role take away what another bound role allows', () => {
    const remover = roleObject('remover', 'acme', [['application:delete', 'allow']]);
    const keeper = roleObject('keeper', 'acme', [
      ['application:list', 'allow'],
      ['application:delete', 'deny'],
    ]);
    const carl = userObject('carl', { acme: false });
    const groups = [
      groupObject(
        'removers',
        'acme',
        ['carl'],
        [{ cluster: 'prod', role: 'remover', effect: 'Allow' }],
      ),
      groupObject(
        'keepers',
        'acme',
        ['carl'],
        [{ cluster: 'prod', role: 'keeper', effect: 'Allow' }],
      ),
    ];
    const desired = desiredMemberRbac(
      { ...inputs([carl], groups), roles: [...roles, remover, keeper] },
      prod,
    );
    const asCarl = (verb: string, group: string, resource: string) =>
      rbacAllows(desired, (n) => n === 'nimbus:carl', verb, group, resource);
    expect(asCarl('list', '', 'pods')).toBe(true);
    expect(asCarl('delete', '', 'pods')).toBe(false);
    expect(asCarl('delete', 'apps', 'deployments')).toBe(false);
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
    const desired = desiredMemberRbac(inputs([carol, dave]), prod);
    expect(desired.clusterRoleBindings).toEqual([]);
    expect(names(desired.clusterRoles)).toEqual([impersonatorObjectName(uid)]);
  });

  it('drops the objects once the group that granted them is removed', () => {
    const erin = userObject('erin', { acme: false });
    const group = groupObject(
      'devs',
      'acme',
      ['erin'],
      [{ cluster: 'prod', role: 'developer', effect: 'Allow' }],
    );
    expect(userBindings(desiredMemberRbac(inputs([erin], [group]), prod))).toEqual([
      nameFor(['application:create', 'application:list']),
    ]);
    const after = desiredMemberRbac(inputs([erin]), prod);
    expect(after.clusterRoleBindings).toEqual([]);
    expect(names(after.clusterRoles)).toEqual([impersonatorObjectName(uid)]);
  });

  it("limits impersonation to every Nimbus user and binds it to this registration's operator identity", () => {
    const users = [userObject('zoe'), userObject('alice'), userObject('mike')];
    const desired = desiredMemberRbac(inputs(users), prod, 'kubernetes-admin');
    const name = impersonatorObjectName(uid);
    expect(desired.clusterRoles.find((r) => r.metadata.name === name)?.rules).toEqual([
      {
        apiGroups: [''],
        resources: ['users'],
        verbs: ['impersonate'],
        resourceNames: ['nimbus:alice', 'nimbus:mike', 'nimbus:zoe'],
      },
    ]);
    expect(desired.clusterRoleBindings).toEqual([
      expect.objectContaining({
        metadata: { name, labels: owned },
        roleRef: expect.objectContaining({ name }),
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
    expect(
      desiredMemberRbac(inputs([mallory, outsider], [deny, foreign]), prod).clusterRoleBindings,
    ).toEqual([]);
    expect(
      desiredMemberRbac(inputs([mallory, outsider], [foreign]), prod).clusterRoleBindings,
    ).toEqual([]);
  });

  it('grants no impersonation at all without users (empty resourceNames would mean everyone)', () => {
    expect(impersonatorRules([])).toEqual([]);
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
      { ...inputs([root, denied]), roles: [...roles, owner] },
      prod,
    );
    expect(userBindings(desired)).toHaveLength(1);
    expect(rbacAllows(desired, (n) => n === 'nimbus:root', 'patch', '', 'nodes')).toBe(true);
  });

  it('keeps two registrations of one member apart: names and labels carry the Cluster uid', () => {
    const alice = userObject(
      'alice',
      { acme: false },
      {
        clusterPermissions: [
          { cluster: 'prod', role: 'developer', effect: 'Allow' },
          { cluster: 'other', role: 'viewer', effect: 'Allow' },
        ],
      },
    );
    const first = desiredMemberRbac(inputs([alice]), prod, 'op');
    const second = desiredMemberRbac(inputs([alice]), other, 'op');
    const all = (rbac: typeof first) => [
      ...names(rbac.clusterRoles),
      ...names(rbac.clusterRoleBindings),
    ];
    expect(all(first).filter((n) => all(second).includes(n))).toEqual([]);
    expect(
      second.clusterRoles.every(
        (r) => r.metadata.labels['nimbus.io/cluster-uid'] === other.metadata.uid,
      ),
    ).toBe(true);
  });

  it('binds every user with the same rules through one shared ClusterRole and binding', () => {
    const devs = ['zed', 'amy', 'kim'].map((name) =>
      userObject(
        name,
        { acme: false },
        { clusterPermissions: [{ cluster: 'prod', role: 'developer', effect: 'Allow' }] },
      ),
    );
    const viewer = userObject(
      'vic',
      { acme: false },
      { clusterPermissions: [{ cluster: 'prod', role: 'viewer', effect: 'Allow' }] },
    );
    const desired = desiredMemberRbac(inputs([...devs, viewer]), prod);
    const shared = nameFor(['application:create', 'application:list']);
    expect(userBindings(desired).sort()).toEqual([shared, nameFor(['application:list'])].sort());
    expect(
      desired.clusterRoleBindings
        .find((b) => b.metadata.name === shared)
        ?.subjects.map((s) => s.name),
    ).toEqual(['nimbus:amy', 'nimbus:kim', 'nimbus:zed']);
    expect(desired.clusterRoles).toHaveLength(3);
  });
});

describe('memberGrants', () => {
  it("grants each user what the user's own access over every group says", () => {
    // Overlapping groups in two organizations, a member listed twice, a group being deleted,
    // users in several groups, in none, and outside the cluster's organization.
    const users = Array.from({ length: 60 }, (_, i) =>
      userObject(
        `u${i}`,
        i % 7 === 0 ? { globex: false } : { acme: false },
        i % 5 === 0
          ? { clusterPermissions: [{ cluster: 'prod', role: 'viewer', effect: 'Allow' }] }
          : {},
      ),
    );
    const groups = Array.from({ length: 12 }, (_, g) => {
      const members = users.filter((_, i) => i % (g + 2) === 0).map((u) => u.metadata.name);
      const group = groupObject(
        `g${g}`,
        g % 4 === 3 ? 'globex' : 'acme',
        [...members, members[0] ?? ''],
        [
          {
            cluster: 'prod',
            role: g % 2 ? 'developer' : 'viewer',
            effect: g === 5 || g === 8 ? 'Deny' : 'Allow',
          },
        ],
      );
      return g === 8
        ? { ...group, metadata: { ...group.metadata, deletionTimestamp: 'now' } }
        : group;
    });
    const live = groups.filter((g) => g.metadata.deletionTimestamp === undefined);
    const roleByName = new Map(roles.map((r) => [r.metadata.name, r]));
    const expected = users.flatMap((user) => {
      const access = clusterAccessOf(user, live, roles, prod, everyOrganization);
      const permissions = memberGrant({ sysAdmin: false }, access, roleByName);
      return permissions ? [{ user: user.metadata.name, permissions }] : [];
    });
    expect(expected.length).toBeGreaterThan(10);
    expect(memberGrants(inputs(users, groups), prod)).toEqual(expected);
  });
});

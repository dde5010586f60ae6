// Issue 8, "Access you can trust": one member cluster registered by several Clusters, of two
// organizations. Alice administers her own organization and holds read-only on acme's b-prod
// (member-a). She registers member-a again in her organization with a low-privilege kubeconfig of
// it and binds herself owner there: her Cluster projects with her credentials only, so member-a
// never makes her owner, and acme's revocations keep working. A second full registration of
// member-a (another organization, its own credentials) projects only its own users' bindings,
// and deleting it leaves acme's. Both Clusters report the double claim.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/api.js';
import type { Session } from '../support/iam.js';
import {
  createOrganizations,
  eventually,
  expectOk,
  gitOpsPasswordUser,
  gitOpsSystemAdmin,
  hub,
  hubApply,
  hubJson,
  removeGitOpsSystemAdmin,
} from '../support/iam.js';
import {
  clusterUid,
  gitOpsUser,
  memberAllows,
  onMember,
  projectedBindingsOf,
  region,
  registerMember,
  removeGitOpsUser,
  unregisterMember,
} from '../support/members.js';

const s = `mreg${Date.now().toString(36)}`;
const acme = `acme-${s}`;
const own = `alices-${s}`;
const bProd = `b-prod-${s}`;
const zz = `zz-${s}`;
const copy = `copy-${s}`;
const alice = `alice-${s}`;
const bob = `bob-${s}`;
const carol = `carol-${s}`;
const lowPrivilege = `nimbus-low-${s}`;
const clusters = '/providers/ProviderKubeconfig/clusters';

let root: Session;
let aliceSession: Session;

/** A kubeconfig of member-a for a service account that may only read nodes and namespaces. */
function lowPrivilegeKubeconfig(): string {
  const objects = [
    {
      apiVersion: 'v1',
      kind: 'ServiceAccount',
      metadata: { name: lowPrivilege, namespace: 'default' },
    },
    {
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'ClusterRole',
      metadata: { name: lowPrivilege },
      rules: [
        { apiGroups: [''], resources: ['nodes', 'namespaces'], verbs: ['get', 'list', 'watch'] },
      ],
    },
    {
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'ClusterRoleBinding',
      metadata: { name: lowPrivilege },
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: lowPrivilege },
      subjects: [{ kind: 'ServiceAccount', name: lowPrivilege, namespace: 'default' }],
    },
  ];
  const applied = onMember(
    'member-a',
    ['apply', '-f', '-'],
    JSON.stringify({ apiVersion: 'v1', kind: 'List', items: objects }),
  );
  if (applied.status !== 0) throw new Error(applied.stderr);
  const token = onMember('member-a', [
    'create',
    'token',
    lowPrivilege,
    '-n',
    'default',
    '--duration=2h',
  ]);
  if (token.status !== 0) throw new Error(token.stderr);
  const config = JSON.parse(
    onMember('member-a', ['config', 'view', '--raw', '--minify', '-o', 'json']).stdout,
  ) as { users: Array<{ name: string; user: Record<string, unknown> }> };
  config.users = config.users.map((u) => ({ name: u.name, user: { token: token.stdout.trim() } }));
  return JSON.stringify(config);
}

interface ClusterStatus {
  status?: {
    ready?: boolean;
    conditions?: Array<{ type: string; status: string; reason: string; message: string }>;
  };
}
const claimOf = (name: string) =>
  hubJson<ClusterStatus>(['get', 'clusters.nimbus.io', name]).status?.conditions?.find(
    (c) => c.type === 'MemberClaim',
  );
const readyOf = (name: string) =>
  hubJson<ClusterStatus>(['get', 'clusters.nimbus.io', name]).status?.ready === true;

/** Which registrations (Cluster uids) bind the user in member-a. */
const registrationsBinding = (user: string) =>
  [...new Set(projectedBindingsOf('member-a', user).map((b) => b.clusterUid))].sort();

beforeAll(async () => {
  root = await gitOpsSystemAdmin(s);
  await createOrganizations(root, [acme, own]);
  await registerMember(root, bProd, acme, 'member-a');
  aliceSession = await gitOpsPasswordUser(alice, `pw-${alice}-1A`, {
    organizations: [{ name: own, admin: true }, { name: acme }],
    clusterPermissions: [{ cluster: bProd, role: 'read-only', effect: 'Allow' }],
  });
  await gitOpsUser(bob, acme, [{ cluster: bProd, role: 'developer', effect: 'Allow' }]);
  expect(await memberAllows('member-a', alice, 'list', 'pods', 'yes', 60_000)).toBe('yes');
}, 180_000);

afterAll(async () => {
  await unregisterMember(root, copy, own);
  await unregisterMember(root, zz, own);
  await unregisterMember(root, bProd, acme);
  for (const user of [alice, bob, carol]) removeGitOpsUser(user);
  hub(['delete', 'organizations.nimbus.io', acme, own, '--ignore-not-found', '--wait=false']);
  onMember('member-a', [
    'delete',
    'clusterrolebinding,clusterrole',
    lowPrivilege,
    '--ignore-not-found',
  ]);
  onMember('member-a', [
    'delete',
    'serviceaccount',
    lowPrivilege,
    '-n',
    'default',
    '--ignore-not-found',
  ]);
  removeGitOpsSystemAdmin(s);
}, 180_000);

describe('a second registration of acme’s member with a low-privilege kubeconfig', () => {
  it('never makes alice owner there, and acme keeps projecting and revoking with its own credentials', async () => {
    expectOk(
      await api('POST', 'manage', clusters, {
        token: aliceSession.token,
        body: {
          name: zz,
          organizationId: own,
          region,
          credentials: { kubeconfig: lowPrivilegeKubeconfig() },
        },
      }),
    );
    expectOk(
      await aliceSession.call('PUT', '/users', {
        updateType: 'general',
        userName: alice,
        organizationId: own,
        providers: [{ cluster: zz, roleId: 'owner', effect: 'Allow' }],
      }),
    );
    expect(await eventually(() => readyOf(zz), Boolean, 30_000)).toBe(true);
    // Both report the other: the member answered the same kube-system uid to both. Files in the
    // other integration lane register member-a too, so b-prod may report one of theirs first:
    // wait until it names zz.
    const claim = await eventually(
      () => claimOf(bProd),
      (c) => c?.status === 'False' && c.message.includes(zz),
      60_000,
    );
    expect(claim).toMatchObject({ reason: 'RegisteredTwice' });
    expect(claim?.message).toContain(zz);
    expect(
      await eventually(
        () => claimOf(zz),
        (c) => c?.status === 'False',
        30_000,
      ),
    ).toMatchObject({ reason: 'RegisteredTwice' });

    // acme's projection still runs with acme's credentials: a revocation reaches member-a.
    expect(await memberAllows('member-a', bob, 'delete', 'pods', 'yes', 60_000)).toBe('yes');
    hubApply([
      {
        apiVersion: 'nimbus.io/v1alpha1',
        kind: 'User',
        metadata: { name: bob },
        spec: {
          email: `${bob}@example.com`,
          organizations: [{ name: acme }],
          clusterPermissions: [{ cluster: bProd, role: 'developer', effect: 'Deny' }],
        },
      },
    ]);
    expect(await memberAllows('member-a', bob, 'list', 'pods', 'no', 60_000)).toBe('no');

    // zz cannot write RBAC with its credentials: alice is read-only in member-a, through b-prod only.
    expect(await memberAllows('member-a', alice, 'patch', 'nodes', 'no')).toBe('no');
    expect(await memberAllows('member-a', alice, 'list', 'pods', 'yes')).toBe('yes');
    expect(registrationsBinding(alice)).toEqual([clusterUid(bProd)]);
  }, 240_000);
});

describe('two full registrations of one member in two organizations', () => {
  it('project only their own bindings, and deleting one leaves the other’s', async () => {
    await registerMember(root, copy, own, 'member-a');
    await gitOpsUser(carol, own, [{ cluster: copy, role: 'read-only', effect: 'Allow' }]);
    expect(await memberAllows('member-a', carol, 'list', 'pods', 'yes', 60_000)).toBe('yes');
    const copyUid = clusterUid(copy);
    const bProdUid = clusterUid(bProd);
    // carol only through her organization's registration, alice only through acme's.
    expect(registrationsBinding(carol)).toEqual([copyUid]);
    expect(registrationsBinding(alice)).toEqual([bProdUid]);
    const acmeObjects = () =>
      onMember('member-a', [
        'get',
        'clusterroles,clusterrolebindings',
        '-l',
        `nimbus.io/cluster-uid=${bProdUid}`,
        '-o',
        'name',
      ])
        .stdout.split('\n')
        .filter(Boolean)
        .sort();
    const before = acmeObjects();
    expect(before.length).toBeGreaterThan(0);

    const deleted = await api('DELETE', 'manage', `${clusters}/${copy}`, {
      token: root.token,
      body: { organizationId: own },
    });
    expect(deleted.body.code).toBe(0);
    // The delete answers once the finalizer removed what that registration projected.
    expect(registrationsBinding(carol)).toEqual([]);
    expect(
      onMember('member-a', [
        'auth',
        'can-i',
        'list',
        'pods',
        '--as',
        `nimbus:${carol}`,
      ]).stdout.trim(),
    ).toBe('no');
    expect(acmeObjects()).toEqual(before);
    expect(await memberAllows('member-a', alice, 'list', 'pods', 'yes')).toBe('yes');

    // A kubectl delete runs the same finalizer (on the controller): zz goes, acme's stay.
    hub(['delete', 'clusters.nimbus.io', zz, '--wait=true', '--timeout=60s']);
    expect(hub(['get', 'clusters.nimbus.io', zz, '--ignore-not-found']).stdout).toBe('');
    expect(acmeObjects()).toEqual(before);
    expect(
      hub(['get', 'users.nimbus.io', alice, '-o', 'jsonpath={.spec.clusterPermissions}']).stdout,
    ).not.toContain(zz);
  }, 240_000);
});

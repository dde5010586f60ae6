// IAM with kubectl and the API against the real hub: GitOps manifests show up in the API, API
// writes show up in kubectl (server-side apply by field manager nimbus), and the controller's
// status conditions tell whether references resolve.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conditions, HubObject, Session } from '../support/iam.js';
import {
  conditionsOf,
  expectOk,
  gitOpsSystemAdmin,
  removeGitOpsSystemAdmin,
  hub,
  hubApply,
  hubJson,
  namespace,
  passwordSet,
  signIn,
} from '../support/iam.js';
import { gitOpsCluster } from '../support/members.js';

const s = `ig${Date.now().toString(36)}`;
const v1 = 'nimbus.io/v1alpha1';
const org = `gitops-${s}`;
const dev = `dev-${s}`;
// Bindings apply only to clusters registered in the binding's organization.
const cluster = `gitops-cluster-${s}`;
let root: Session;

interface OrgView {
  uuid: string;
  name: string;
}
interface Page<T> {
  items: T[];
  total: number;
}

beforeAll(async () => {
  root = await gitOpsSystemAdmin(s);
});

afterAll(() => {
  removeGitOpsSystemAdmin(s);
  // Before the organization: its finalizer waits while a cluster still belongs to it.
  hub(['delete', 'clusters.nimbus.io', cluster, '--ignore-not-found', '--wait=false']);
  for (const kind of ['usergroups', 'roles', 'users', 'organizations'].map(
    (k) => `${k}.nimbus.io`,
  )) {
    hub(['delete', kind, '-l', `nimbus.io/test=${s}`, '--ignore-not-found', '--wait=false']);
  }
  // Its own root only: iam-api.test.ts removes what it makes (it once shared this file's suffix).
  hub([
    'delete',
    'users.nimbus.io,organizations.nimbus.io,usergroups.nimbus.io,roles.nimbus.io',
    `root-${s}`,
    '--ignore-not-found',
    '--wait=false',
  ]);
  hub(['delete', 'secrets', '-n', namespace, '-l', `nimbus.io/test=${s}`, '--ignore-not-found']);
});

const labels = { 'nimbus.io/test': s };

describe('GitOps: kubectl apply → API', () => {
  it('signs in a system admin whose password came from a Secret, and marks the user Ready', async () => {
    expect(expectOk(await root.call('GET', `/users/${root.userName}`))).toMatchObject({
      userName: root.userName,
      sysAdminFlag: true,
    });
    const conditions = await conditionsOf('users.nimbus.io', root.userName);
    expect(conditions.Valid).toMatchObject({ status: 'True' });
    expect(conditions.Ready).toMatchObject({ status: 'True', reason: 'PasswordSet' });
    const secret = hubJson<{ data: Record<string, string> }>([
      'get',
      'secret',
      '-n',
      namespace,
      `user-${root.userName}`,
    ]);
    expect(Buffer.from(secret.data.passwordHash ?? '', 'base64').toString()).toMatch(
      /^\$argon2id\$/,
    );
  });

  it('shows applied organizations, users, groups and roles through the API', async () => {
    hubApply([
      {
        apiVersion: v1,
        kind: 'Organization',
        metadata: { name: org, labels },
        spec: { cnName: 'gitops', contact: 'Ops', email: 'ops@gitops.example' },
      },
      {
        apiVersion: 'v1',
        kind: 'Secret',
        metadata: { name: `${dev}-pw`, namespace, labels },
        stringData: { pw: 'devpass1\n' },
      },
      {
        apiVersion: v1,
        kind: 'User',
        metadata: { name: dev, labels },
        spec: {
          email: 'dev@gitops.example',
          organizations: [{ name: org }],
          initialPasswordSecretRef: { name: `${dev}-pw`, key: 'pw' },
        },
      },
      {
        apiVersion: v1,
        kind: 'Role',
        metadata: { name: `reader-${s}`, labels },
        spec: {
          organization: org,
          permissions: [
            { name: 'application:list', effect: 'Allow' },
            { name: 'secret:list', effect: 'Deny' },
          ],
        },
      },
      {
        apiVersion: v1,
        kind: 'UserGroup',
        metadata: { name: `devs-${s}`, labels },
        spec: {
          organization: org,
          members: [dev],
          clusterPermissions: [{ cluster, role: `reader-${s}` }],
        },
      },
    ]);
    await gitOpsCluster(root, org, cluster);
    const orgUid = hubJson<HubObject>(['get', 'organization.nimbus.io', org]).metadata.uid;
    const user = expectOk(
      await root.call<{ uuid: string; organizations: OrgView[] }>('GET', `/users/${dev}`),
    );
    expect(user.organizations).toMatchObject([{ uuid: orgUid, name: org, adminFlag: false }]);
    const groups = expectOk(
      await root.call<Page<{ name: string; userIds: string[] }>>(
        'GET',
        `/organizations/${orgUid}/groups`,
      ),
    );
    expect(groups.items).toEqual([
      expect.objectContaining({ name: `devs-${s}`, userIds: [user.uuid] }),
    ]);
    const roles = expectOk(
      await root.call<Page<{ name: string; builtIn: boolean }>>(
        'GET',
        `/organizations/${org}/roles?pageSize=100`,
      ),
    );
    expect(roles.items.map((r) => r.name)).toEqual([
      'developer',
      'operator',
      'owner',
      'read-only',
      `reader-${s}`,
    ]);

    await passwordSet(dev);
    const devSession = await signIn(dev, 'devpass1');
    const me = expectOk(
      await devSession.call<{ clusterAccess: unknown[] }>('GET', `/users/${dev}`),
    );
    expect(me.clusterAccess).toEqual([
      { cluster, effect: 'Allow', permissions: ['application:list'] },
    ]);
    for (const kind of ['organization', 'user', 'usergroup', 'role']) {
      const name =
        { organization: org, user: dev, usergroup: `devs-${s}`, role: `reader-${s}` }[kind] ?? '';
      const valid = (c: Conditions) => c.Valid?.status === 'True';
      expect((await conditionsOf(`${kind}.nimbus.io`, name, valid)).Valid).toMatchObject({
        status: 'True',
      });
    }
  });

  it('reports unresolved references in status conditions, and clears them once resolved', async () => {
    const late = `late-${s}`;
    hubApply([
      {
        apiVersion: v1,
        kind: 'User',
        metadata: { name: `orphan-${s}`, labels },
        spec: { email: 'o@x.example', organizations: [{ name: late }] },
      },
      {
        apiVersion: v1,
        kind: 'UserGroup',
        metadata: { name: `broken-${s}`, labels },
        spec: {
          organization: org,
          members: [`ghost-${s}`],
          clusterPermissions: [{ cluster: 'member-a', role: `nope-${s}` }],
        },
      },
      {
        apiVersion: v1,
        kind: 'Role',
        metadata: { name: `odd-${s}`, labels },
        spec: { organization: org, permissions: [{ name: 'fly:away', effect: 'Allow' }] },
      },
    ]);
    expect((await conditionsOf('user.nimbus.io', `orphan-${s}`)).Valid).toMatchObject({
      status: 'False',
      reason: 'OrganizationNotFound',
    });
    const group = await conditionsOf('usergroup.nimbus.io', `broken-${s}`);
    expect(group.Valid).toMatchObject({ status: 'False', reason: 'MemberNotFound' });
    expect(group.Valid?.message).toContain(`role nope-${s} (cluster member-a) does not exist`);
    expect(group.Ready).toMatchObject({ status: 'False' });
    expect((await conditionsOf('role.nimbus.io', `odd-${s}`)).Valid).toMatchObject({
      status: 'False',
      reason: 'UnknownPermission',
    });

    hubApply([
      {
        apiVersion: v1,
        kind: 'Organization',
        metadata: { name: late, labels },
        spec: { cnName: 'late', contact: 'x', email: 'x@late.example' },
      },
    ]);
    const resolved = await conditionsOf(
      'user.nimbus.io',
      `orphan-${s}`,
      (c) => c.Valid?.status === 'True',
    );
    expect(resolved.Valid).toMatchObject({ status: 'True' });
  });

  it('keeps built-in roles global, labelled and out of reach of the API', async () => {
    const builtIn = hubJson<{ items: HubObject[] }>([
      'get',
      'roles.nimbus.io',
      '-l',
      'nimbus.io/built-in=true',
    ]);
    expect(builtIn.items.map((r) => r.metadata.name).sort()).toEqual([
      'developer',
      'operator',
      'owner',
      'read-only',
    ]);
    expect(
      builtIn.items.every((r) => r.spec.builtIn === true && r.spec.organization === undefined),
    ).toBe(true);
    expect((await root.call('DELETE', `/organizations/${org}/roles/owner`)).body.code).toBe(9997);
    const edit = await root.call('PUT', '/roles', {
      name: 'owner',
      organizationId: org,
      permissions: [],
    });
    expect(edit.body.code).toBe(9997);
  });

  it('refuses a role without organization that is not built in', () => {
    const result = hub(
      ['create', '-f', '-'],
      JSON.stringify({
        apiVersion: v1,
        kind: 'Role',
        metadata: { name: `lost-${s}` },
        spec: { permissions: [] },
      }),
    );
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain(
      'spec.organization is required, and only built-in roles (spec.builtIn: true) may leave it out',
    );
  });
});

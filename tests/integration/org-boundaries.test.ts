// Issue 8, "Organization boundaries", reproductions 1 and 2: mallory, a member of acme whom a
// binding denies acme's cluster prod, tries to become its owner through an organization of her
// own (a group there, or a binding she sets on herself). The API refuses; a group written with
// kubectl is reported invalid and ignored: the console keeps her Deny, member-a gets no binding
// for her, and cordoning a node as her is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/api.js';
import type { Session } from '../support/iam.js';
import {
  conditionsOf,
  eventually,
  expectOk,
  gitOpsSystemAdmin,
  hub,
  hubApply,
  namespace,
  removeGitOpsSystemAdmin,
} from '../support/iam.js';
import {
  atCluster,
  gitOpsUser,
  memberAllows,
  onMember,
  projectedBindingsOf,
  registerMember,
  unregisterMember,
} from '../support/members.js';

const s = `ob${Date.now().toString(36)}`;
const acme = `acme-${s}`;
const prod = `prod-${s}`;
// A node of our own: if a cordon ever got through, no other test's node is touched.
const node = `nimbus-${s}`;
const witness = `witness-${s}`;
const mallories = [`mallory1-${s}`, `mallory2-${s}`, `mallory3-${s}`];

let root: Session;

interface ProviderRow {
  name: string;
  status: 'Allow' | 'Deny';
}

async function statusOnProd(session: Session): Promise<string | undefined> {
  const page = expectOk(
    await api<{ items: ProviderRow[] }>('GET', 'manage', `/organizations/${acme}/providers`, {
      token: session.token,
    }),
  );
  return page.items.find((row) => row.name === prod)?.status;
}

const bindingsOnMember = (user: string): string[] =>
  projectedBindingsOf('member-a', user).map((binding) => binding.name);

const unschedulable = (): string =>
  onMember('member-a', ['get', 'node', node, '-o', 'jsonpath={.spec.unschedulable}']).stdout.trim();

/** mallory: a plain member of acme denied on prod, who then makes an organization of her own. */
async function mallory(name: string): Promise<{ session: Session; org: string }> {
  const session = await gitOpsUser(name, acme, [
    { cluster: prod, role: 'read-only', effect: 'Deny' },
  ]);
  const org = `m-${name}`;
  expectOk(
    await session.call('POST', '/organizations', {
      name: org,
      cnName: 'm',
      contact: 'Mallory',
      email: 'm@m.example',
    }),
  );
  // Her administration of the new organization reaches the operator's cache before she uses it.
  const admin = async () => (await session.call('GET', `/organizations/${org}/users`)).body.code;
  expect(await eventually(admin, (code) => code === 0, 20_000)).toBe(0);
  return { session, org };
}

/**
 * Proves a member RBAC reconcile ran after the attack: a witness of acme bound Allow on prod now
 * after it, shows up in member-a, and reconciles always write the whole desired state.
 */
async function reconciledSinceNow(): Promise<void> {
  hubApply([
    {
      apiVersion: 'nimbus.io/v1alpha1',
      kind: 'User',
      metadata: { name: witness },
      spec: {
        email: `${witness}@example.com`,
        organizations: [{ name: acme }],
        clusterPermissions: [{ cluster: prod, role: 'read-only', effect: 'Allow' }],
      },
    },
  ]);
  expect(await memberAllows('member-a', witness, 'get', 'nodes', 'yes', 60_000)).toBe('yes');
  hub(['delete', 'users.nimbus.io', witness, '--ignore-not-found', '--wait=false']);
  await memberAllows('member-a', witness, 'get', 'nodes', 'no', 60_000);
}

async function expectStillDenied(session: Session): Promise<void> {
  expect(await statusOnProd(session)).toBe('Deny');
  expect(bindingsOnMember(session.userName)).toEqual([]);
  expect(
    onMember('member-a', [
      'auth',
      'can-i',
      'patch',
      'nodes',
      '--as',
      `nimbus:${session.userName}`,
    ]).stdout.trim(),
  ).toBe('no');
  const cordon = await atCluster(session, 'crd', 'PUT', prod, `/nodes/${node}?unschedulable=true`);
  expect(cordon.body.code).toBe(9997);
  expect(unschedulable()).toBe('');
}

beforeAll(async () => {
  root = await gitOpsSystemAdmin(s);
  expectOk(
    await root.call('POST', '/organizations', {
      name: acme,
      cnName: 'acme',
      contact: 'Ops',
      email: 'ops@acme.example',
    }),
  );
  const created = onMember(
    'member-a',
    ['apply', '-f', '-'],
    JSON.stringify({
      apiVersion: 'v1',
      kind: 'Node',
      metadata: {
        name: node,
        annotations: { 'kwok.x-k8s.io/node': 'fake' },
        labels: { type: 'kwok', 'kubernetes.io/hostname': node },
      },
    }),
  );
  if (created.status !== 0) throw new Error(created.stderr);
  await registerMember(root, prod, acme, 'member-a');
  const ready = async () => (await statusOnProd(root)) !== undefined;
  expect(await eventually(ready, Boolean, 30_000)).toBe(true);
}, 120_000);

afterAll(async () => {
  await unregisterMember(root, prod, acme);
  // Few kubectl calls: each one is a process, slow on a busy machine.
  const users = [`reader-${s}`, witness, ...mallories];
  const drop = (kind: string, names: string[]) =>
    hub(['delete', kind, ...names, '--ignore-not-found', '--wait=false']);
  drop('users.nimbus.io', users);
  hub([
    'delete',
    'secret',
    '-n',
    namespace,
    ...users.map((u) => `${u}-password`),
    '--ignore-not-found',
  ]);
  drop('usergroups.nimbus.io', [`m-owners-${s}`]);
  drop('organizations.nimbus.io', [acme, ...mallories.map((m) => `m-${m}`)]);
  onMember('member-a', ['delete', 'node', node, '--ignore-not-found', '--wait=false']);
  removeGitOpsSystemAdmin(s);
}, 180_000);

describe('reproduction 1: a group of her own organization binding acme’s cluster', () => {
  it('is refused by the API and ignored, reported, and never projected when applied with kubectl', async () => {
    const { session, org } = await mallory(`mallory1-${s}`);
    expect(await statusOnProd(session)).toBe('Deny');
    const group = `m-owners-${s}`;
    const refused = await session.call('POST', '/groups', {
      name: group,
      organizationId: org,
      userIds: [session.userId],
      providers: [{ cluster: prod, roleId: 'owner', effect: 'Allow' }],
    });
    expect(refused.body.code).toBe(1000);
    expect(refused.body.message).toContain('providers.0.cluster');
    expect(refused.body.message).toContain(prod);
    expect(hub(['get', 'usergroups.nimbus.io', group, '--ignore-not-found']).stdout).toBe('');

    hubApply([
      {
        apiVersion: 'nimbus.io/v1alpha1',
        kind: 'UserGroup',
        metadata: { name: group },
        spec: {
          organization: org,
          members: [session.userName],
          clusterPermissions: [{ cluster: prod, role: 'owner', effect: 'Allow' }],
        },
      },
    ]);
    const conditions = await conditionsOf(
      'usergroups.nimbus.io',
      group,
      (c) => c.Valid?.status === 'False',
    );
    expect(conditions.Valid).toMatchObject({ reason: 'BindingOutsideOrganization' });
    expect(conditions.Valid?.message).toContain(prod);
    await reconciledSinceNow();
    await expectStillDenied(session);
  }, 180_000);
});

describe('reproduction 2: a binding she sets on herself', () => {
  it('is refused with 9997 and changes nothing', async () => {
    const { session } = await mallory(`mallory2-${s}`);
    const refused = await session.call('PUT', '/users', {
      updateType: 'general',
      userName: session.userName,
      providers: [{ cluster: prod, roleId: 'owner', effect: 'Allow' }],
    });
    expect(refused.body.code).toBe(9997);
    const stored = hub([
      'get',
      'users.nimbus.io',
      session.userName,
      '-o',
      'jsonpath={.spec.clusterPermissions}',
    ]).stdout;
    expect(JSON.parse(stored)).toEqual([{ cluster: prod, role: 'read-only', effect: 'Deny' }]);
    await reconciledSinceNow();
    await expectStillDenied(session);
  }, 180_000);
});

interface Explanation {
  organization: string;
  chosen: string;
  reason: string;
  allowed: boolean;
  bindings: Array<{ source: { kind: string }; role: string; effect: string }>;
  member: { status: string; principal: string; allowed?: boolean };
}

const explain = (session: Session, user: string, permission: string) =>
  api<Explanation>(
    'GET',
    'manage',
    `/users/${user}/explain?${new URLSearchParams({ cluster: prod, permission }).toString()}`,
    { token: session.token },
  );

describe('explain access', () => {
  it("answers with the binding used and the member's own SubjectAccessReview verdict", async () => {
    const reader = await gitOpsUser(`reader-${s}`, acme, [
      { cluster: prod, role: 'read-only', effect: 'Allow' },
    ]);
    expect(await memberAllows('member-a', reader.userName, 'list', 'nodes', 'yes', 60_000)).toBe(
      'yes',
    );
    const list = expectOk(await explain(reader, reader.userName, 'node:list'));
    expect(list).toMatchObject({
      organization: acme,
      chosen: 'user',
      reason: 'granted',
      allowed: true,
      bindings: [{ source: { kind: 'user' }, role: 'read-only', effect: 'Allow' }],
      member: { status: 'answered', principal: `nimbus:${reader.userName}`, allowed: true },
    });
    const cordon = expectOk(await explain(root, reader.userName, 'node:cordon'));
    expect(cordon).toMatchObject({
      reason: 'not-granted',
      allowed: false,
      member: { status: 'answered', allowed: false },
    });

    const { session: mallory3 } = await mallory(`mallory3-${s}`);
    const denied = expectOk(await explain(root, mallory3.userName, 'node:cordon'));
    expect(denied).toMatchObject({ reason: 'cluster-denied', allowed: false });
    // Someone else's access is for administrators of acme (or system admins) only.
    expect((await explain(mallory3, reader.userName, 'node:list')).body.code).toBe(9997);
  }, 180_000);
});

// Tenant isolation, generated from the operator's policy table: an administrator and a plain
// member of organization A call every endpoint addressing organization B (and every endpoint
// with A in scope but B's objects elsewhere in the request); nothing of B may be read or changed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { policyTable } from '../../operator/src/access/policy.js';
import { api, apiText, register } from '../support/api.js';
import type { HubObject, Session } from '../support/iam.js';
import type { Refs } from '../support/iam-matrix.js';
import { callsFor, mentions } from '../support/iam-matrix.js';
import { gitOpsCluster } from '../support/members.js';
import {
  expectOk,
  gitOpsSystemAdmin,
  removeGitOpsSystemAdmin,
  hub,
  hubJson,
  signIn,
} from '../support/iam.js';

const s = `ii${Date.now().toString(36)}`;
const canary = `canary-${s}`;

let a: Refs;
let b: Refs;
let callers: Record<'admin' | 'member', Session>;

async function created(session: Session, path: string, body: object): Promise<{ uuid: string }> {
  return expectOk(await session.call<{ uuid: string }>('POST', path, body));
}

beforeAll(async () => {
  const root = await gitOpsSystemAdmin(`iso-${s}`);
  // Organization B, made by a system admin: every object carries the canary.
  const orgB = await created(root, '/organizations', {
    name: `iso-b-${s}`,
    cnName: 'b',
    contact: canary,
    email: `${canary}@b.example`,
    description: canary,
  });
  const roleB = await created(root, '/roles', {
    name: `iso-b-role-${s}`,
    organizationId: orgB.uuid,
    description: canary,
    permissions: [{ name: 'node:list', effect: 'allow' }],
  });
  // Bindings name registered clusters of the organization, so B's cluster comes first.
  await gitOpsCluster(root, `iso-b-${s}`, `iso-b-cluster-${s}`, canary);
  const bert = await created(root, '/users', {
    userName: `iso-bert-${s}`,
    email: `${canary}@bert.example`,
    password: 'bertpass1',
    organizationId: orgB.uuid,
    isAdmin: true,
    providers: [{ cluster: `iso-b-cluster-${s}`, roleId: roleB.uuid }],
  });
  const groupB = await created(root, '/groups', {
    name: `iso-b-group-${s}`,
    organizationId: orgB.uuid,
    description: canary,
    userIds: [bert.uuid],
    providers: [],
  });
  expectOk(await root.call('GET', `/join/organizations/${orgB.uuid}`));
  b = {
    org: orgB.uuid,
    group: groupB.uuid,
    groupName: `iso-b-group-${s}`,
    role: roleB.uuid,
    roleName: `iso-b-role-${s}`,
    user: bert.uuid,
    userName: `iso-bert-${s}`,
    cluster: `iso-b-cluster-${s}`,
  };

  // Organization A, made by its own administrator, who adds a plain member.
  expectOk(await register(`iso-alice-${s}`, 'alicepass1'));
  const admin = await signIn(`iso-alice-${s}`, 'alicepass1');
  const orgA = await created(admin, '/organizations', {
    name: `iso-a-${s}`,
    cnName: 'a',
    contact: 'a',
    email: 'a@a.example',
  });
  const roleA = await created(admin, '/roles', {
    name: `iso-a-role-${s}`,
    organizationId: orgA.uuid,
    permissions: [],
  });
  const bob = await created(admin, '/users', {
    userName: `iso-bob-${s}`,
    email: 'bob@a.example',
    password: 'bobpass12',
    organizationId: orgA.uuid,
  });
  const groupA = await created(admin, '/groups', {
    name: `iso-a-group-${s}`,
    organizationId: orgA.uuid,
    userIds: [bob.uuid],
    providers: [],
  });
  a = {
    org: orgA.uuid,
    group: groupA.uuid,
    groupName: `iso-a-group-${s}`,
    role: roleA.uuid,
    roleName: `iso-a-role-${s}`,
    user: bob.uuid,
    userName: `iso-bob-${s}`,
    cluster: `iso-a-cluster-${s}`,
  };
  await gitOpsCluster(root, `iso-a-${s}`, `iso-a-cluster-${s}`, 'a-region');
  callers = { admin, member: await signIn(`iso-bob-${s}`, 'bobpass12') };
}, 120_000);

afterAll(() => {
  removeGitOpsSystemAdmin(`iso-${s}`);
  hub([
    'delete',
    'clusters.nimbus.io',
    `iso-a-cluster-${s}`,
    `iso-b-cluster-${s}`,
    '--ignore-not-found',
    '--wait=false',
  ]);
  hub([
    'delete',
    'organizations.nimbus.io',
    `iso-a-${s}`,
    `iso-b-${s}`,
    '--ignore-not-found',
    '--wait=false',
  ]);
  hub([
    'delete',
    'usergroups.nimbus.io',
    `iso-a-group-${s}`,
    `iso-b-group-${s}`,
    '--ignore-not-found',
    '--wait=false',
  ]);
  hub([
    'delete',
    'roles.nimbus.io',
    `iso-a-role-${s}`,
    `iso-b-role-${s}`,
    '--ignore-not-found',
    '--wait=false',
  ]);
  hub([
    'delete',
    'users.nimbus.io',
    `iso-alice-${s}`,
    `iso-bob-${s}`,
    `iso-bert-${s}`,
    `root-iso-${s}`,
    '--ignore-not-found',
    '--wait=false',
  ]);
});

function snapshotB(): string {
  const get = (resource: string, name: string) => {
    const o = hubJson<HubObject>(['get', resource, name]);
    return { spec: o.spec, labels: o.metadata.labels ?? {}, generation: o.metadata.generation };
  };
  const ofB = (resource: string) =>
    hubJson<{ items: HubObject[] }>(['get', resource])
      .items.filter((o) => o.spec.organization === `iso-b-${s}`)
      .map((o) => o.metadata.name)
      .sort();
  return JSON.stringify({
    org: get('organizations.nimbus.io', `iso-b-${s}`),
    group: get('usergroups.nimbus.io', b.groupName),
    role: get('roles.nimbus.io', b.roleName),
    bert: get('users.nimbus.io', b.userName),
    cluster: get('clusters.nimbus.io', b.cluster),
    groups: ofB('usergroups.nimbus.io'),
    roles: ofB('roles.nimbus.io'),
  });
}

describe('organization isolation, from the policy table', () => {
  const scoped = policyTable.filter((entry) => entry.scope !== undefined);
  const unscopedReads = policyTable.filter(
    (e) => e.scope === undefined && e.method === 'GET' && e.allow !== 'public',
  );

  it('covers every scoped endpoint of the table', () => {
    expect(scoped.length).toBeGreaterThanOrEqual(20);
  });

  for (const role of ['admin', 'member'] as const) {
    it(`refuses the ${role} of A everything addressing B, and leaks nothing of B`, async () => {
      const before = snapshotB();
      const caller = callers[role];
      const outcomes: string[] = [];
      let sidewaysCalls = 0;
      const ctx = {
        other: b,
        own: { ...a, user: caller.userId, userName: caller.userName },
        suffix: s,
      };
      for (const entry of scoped) {
        const direct = callsFor(entry, ctx, false);
        const sideways = callsFor(entry, ctx, true).filter((call) => mentions(call, b));
        sidewaysCalls += sideways.length;
        for (const [kind, call] of [
          ...direct.map((c) => ['B', c] as const),
          ...sideways.map((c) => ['A+B', c] as const),
        ]) {
          const response = await api(call.method, call.service, call.path, {
            token: caller.token,
            ...(call.body === undefined ? {} : { body: call.body }),
          });
          const refused = kind === 'B' ? response.body.code === 9997 : response.body.code !== 0;
          if (!refused || response.text.includes(canary)) {
            outcomes.push(`${kind} ${call.title} ${call.path} → ${response.text.slice(0, 200)}`);
          }
        }
      }
      for (const entry of unscopedReads) {
        const [, service = '', path = ''] = /^\/(\w+)\.\{host\}(.*)$/.exec(entry.path) ?? [];
        // As text: some reads answer a file, not an envelope (the audit export).
        const response = await apiText('GET', service, path, { token: caller.token });
        if (response.text.includes(canary)) outcomes.push(`leak ${entry.path}`);
      }
      expect(outcomes).toEqual([]);
      expect(sidewaysCalls).toBeGreaterThanOrEqual(10);
      expect(snapshotB()).toBe(before);
    });
  }

  it('still lets each of them work inside A', async () => {
    const groups = expectOk(
      await callers.member.call<{ items: Array<{ name: string }> }>(
        'GET',
        `/organizations/${a.org}/groups`,
      ),
    );
    expect(groups.items.map((g) => g.name)).toEqual([a.groupName]);
    const users = expectOk(
      await callers.admin.call<{ total: number }>('GET', `/organizations/${a.org}/users`),
    );
    expect(users.total).toBe(2);
  });
});

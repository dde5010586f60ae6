// Issue 8, "Access you can trust": bindings, index rows and favourites name clusters by name, and
// a name is free again once its Cluster is gone. Mallory (a member of acme, in no acme group)
// registers in her own organization a cluster named like one acme will register, binds herself
// owner, collects one of its nodes, and deletes it with kubectl. When acme registers that name
// (another member), nothing of hers carries over: no binding, no index row, no favourite.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/api.js';
import type { Session } from '../support/iam.js';
import {
  eventually,
  expectOk,
  gitOpsSystemAdmin,
  hub,
  hubJson,
  removeGitOpsSystemAdmin,
} from '../support/iam.js';
import {
  gitOpsUser,
  memberAllows,
  region,
  registerMember,
  removeGitOpsUser,
  unregisterMember,
} from '../support/members.js';

const s = `nr${Date.now().toString(36)}`;
const acme = `acme-${s}`;
const hers = `m-${s}`;
const reused = `prod-${s}`;
const mallory = `mallory-${s}`;

let root: Session;
let session: Session;

interface NodeList {
  items: Array<{ cluster: string; metadata: { name: string } }>;
}
const nodeNames = async (caller: Session): Promise<string[]> => {
  const page = await api<NodeList>('GET', 'crd', `/nodes?cluster=${reused}&pageSize=500`, {
    token: caller.token,
  });
  return page.body.code === 0 ? page.body.data.items.map((item) => item.metadata.name) : [];
};
const bindingsOf = (user: string) =>
  hubJson<{ spec: { clusterPermissions?: Array<{ cluster: string }> } }>([
    'get',
    'users.nimbus.io',
    user,
  ]).spec.clusterPermissions ?? [];
const favouritesOf = (user: string) =>
  hubJson<{ items: Array<{ spec: { user: string; cluster: string } }> }>([
    'get',
    'favourites.nimbus.io',
  ]).items.filter((f) => f.spec.user === user);

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
  session = await gitOpsUser(mallory, acme, []);
  expectOk(
    await session.call('POST', '/organizations', {
      name: hers,
      cnName: 'm',
      contact: 'Mallory',
      email: 'm@m.example',
    }),
  );
  const admin = async () => (await session.call('GET', `/organizations/${hers}/users`)).body.code;
  expect(await eventually(admin, (code) => code === 0, 20_000)).toBe(0);
}, 120_000);

afterAll(async () => {
  await unregisterMember(root, reused, acme);
  await unregisterMember(root, reused, hers);
  removeGitOpsUser(mallory);
  hub(['delete', 'organizations.nimbus.io', acme, hers, '--ignore-not-found', '--wait=false']);
  removeGitOpsSystemAdmin(s);
}, 120_000);

describe('a cluster name used again by another organization', () => {
  it('carries no binding, index row or favourite of the deleted cluster over', async () => {
    // Mallory's cluster: member-a, where she makes herself owner and collects a node.
    await registerMember(session, reused, hers, 'member-a');
    expectOk(
      await session.call('PUT', '/users', {
        updateType: 'general',
        userName: mallory,
        organizationId: hers,
        providers: [{ cluster: reused, roleId: 'owner', effect: 'Allow' }],
      }),
    );
    expect(await memberAllows('member-a', mallory, 'patch', 'nodes', 'yes', 60_000)).toBe('yes');
    const seen = await eventually(
      () => nodeNames(session),
      (names) => names.length > 0,
      45_000,
    );
    // Files in the other integration lane add nodes of their own to member-a.
    const node = seen.find((name) => name.startsWith('member-a-')) ?? seen[0] ?? '';
    expect(node).toMatch(/^member-a-/);
    expectOk(
      await api('POST', 'manage', `/users/${session.userId}/collections`, {
        token: session.token,
        body: { type: 'Node', name: node, vendor: 'ProviderKubeconfig', region, cluster: reused },
      }),
    );
    expect(favouritesOf(mallory)).toHaveLength(1);

    // Deleted with kubectl: the finalizer runs on the operator's controller.
    const deleted = hub(['delete', 'clusters.nimbus.io', reused, '--wait=true', '--timeout=60s']);
    expect(deleted.status).toBe(0);
    expect(bindingsOf(mallory)).toEqual([]);
    expect(favouritesOf(mallory)).toEqual([]);
    expect(await memberAllows('member-a', mallory, 'patch', 'nodes', 'no')).toBe('no');

    // acme registers the name for member-b.
    await registerMember(root, reused, acme, 'member-b');
    const listed: string[][] = [];
    const names = await eventually(
      async () => {
        const now = await nodeNames(root);
        listed.push(now);
        return now;
      },
      (now) => now.length > 0,
      45_000,
    );
    expect(names.every((name) => name.startsWith('member-b-'))).toBe(true);
    // Not once, from the first answer on, did a row of the deleted cluster show.
    expect(listed.flat().filter((name) => name.startsWith('member-a-'))).toEqual([]);
    expect(bindingsOf(mallory)).toEqual([]);
    expect(await memberAllows('member-b', mallory, 'list', 'nodes', 'no')).toBe('no');
    const favourites = await api<{ items: unknown[] }>(
      'GET',
      'manage',
      `/users/${session.userId}/collections`,
      { token: session.token },
    );
    expect(expectOk(favourites).items).toEqual([]);
  }, 240_000);
});

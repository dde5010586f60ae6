// The users and groups of an organization narrowed to one cluster's own bindings (what a
// cluster's detail page shows as its bindings), with search and paging still applying.
import { beforeAll, describe, expect, it } from 'vitest';
import { boundPageQuery } from '@nimbus/api';
import { identityOf } from '../testing/iam.js';
import { createMemoryStore, type MemoryHubStore } from '../testing/memory-store.js';
import type { IamCall } from './context.js';
import { listGroups } from './groups.js';
import { listOrganizationUsers } from './users.js';

let store: MemoryHubStore;
let call: IamCall;

const binding = (cluster: string, effect: 'Allow' | 'Deny' = 'Allow') => ({
  cluster,
  role: 'viewer',
  effect,
});
const query = (extra: Record<string, string> = {}) =>
  boundPageQuery.parse({ pageSize: '10', ...extra });

beforeAll(async () => {
  store = createMemoryStore();
  const root = await store.users.create({
    metadata: { name: 'root' },
    spec: { email: 'root@example.com', sysAdmin: true },
  });
  call = {
    identity: identityOf(root),
    deps: {
      store,
      createUser: () => Promise.reject(new Error('not used')),
      changePassword: () => Promise.reject(new Error('not used')),
      resetAccessKey: () => Promise.reject(new Error('not used')),
    },
  };
  for (const org of ['acme', 'globex']) {
    await store.organizations.create({
      metadata: { name: org },
      spec: { cnName: org, contact: 'ops', email: `ops@${org}.example` },
    });
  }
  for (const [cluster, owner] of [
    ['prod', 'acme'],
    ['staging', 'acme'],
    ['globex-prod', 'globex'],
  ] as const) {
    await store.clusters.create({
      metadata: { name: cluster, labels: { 'nimbus.io/organization': owner } },
      spec: {
        provider: 'ProviderKubeconfig',
        region: 'local',
        credentialsSecretRef: { name: `${cluster}-kubeconfig`, namespace: 'nimbus-system' },
      },
    });
  }
  for (const [name, bindings] of [
    ['alice', [binding('prod')]],
    ['bob', [binding('staging'), binding('prod', 'Deny')]],
    ['carol', [binding('staging')]],
    ['dave', []],
  ] as const) {
    await store.users.create({
      metadata: { name },
      spec: {
        email: `${name}@example.com`,
        organizations: [{ name: 'acme', admin: false }],
        clusterPermissions: [...bindings],
      },
    });
  }
  // In both organizations, bound in globex's cluster.
  await store.users.create({
    metadata: { name: 'erin' },
    spec: {
      email: 'erin@example.com',
      organizations: [
        { name: 'acme', admin: false },
        { name: 'globex', admin: false },
      ],
      clusterPermissions: [binding('globex-prod')],
    },
  });
  await store.users.create({
    metadata: { name: 'acme-admin' },
    spec: { email: 'acme-admin@example.com', organizations: [{ name: 'acme', admin: true }] },
  });
  await store.userGroups.create({
    metadata: { name: 'prod-ops' },
    spec: { organization: 'acme', members: ['carol'], clusterPermissions: [binding('prod')] },
  });
  await store.userGroups.create({
    metadata: { name: 'testers' },
    spec: { organization: 'acme', members: ['dave'], clusterPermissions: [binding('staging')] },
  });
});

describe('lists narrowed to a cluster', () => {
  it('keeps the users with an own binding on it, Allow or Deny', () => {
    const page = listOrganizationUsers(call, 'acme', query({ cluster: 'prod' }));
    expect(page.items.map((user) => user.userName)).toEqual(['alice', 'bob']);
    expect(page.total).toBe(2);
    expect(
      listOrganizationUsers(call, 'acme', query({ cluster: 'prod', search: 'ali' })).items,
    ).toHaveLength(1);
    expect(listOrganizationUsers(call, 'acme', query()).total).toBe(6);
    expect(listOrganizationUsers(call, 'acme', query({ cluster: 'nowhere' })).total).toBe(0);
  });

  it("tells an organization admin nothing of bindings in another organization's cluster", () => {
    const admin = store.users.get('acme-admin');
    if (!admin) throw new Error('no acme-admin');
    const asAdmin: IamCall = { ...call, identity: identityOf(admin) };
    expect(listOrganizationUsers(call, 'acme', query({ cluster: 'globex-prod' })).total).toBe(1);
    expect(listOrganizationUsers(asAdmin, 'acme', query({ cluster: 'globex-prod' })).total).toBe(0);
    expect(
      listOrganizationUsers(asAdmin, 'acme', query({ cluster: 'prod' })).items.map(
        (user) => user.userName,
      ),
    ).toEqual(['alice', 'bob']);
  });

  it('keeps the groups bound to it', () => {
    const page = listGroups(call, 'acme', query({ cluster: 'prod' }));
    expect(page.items.map((group) => group.name)).toEqual(['prod-ops']);
    expect(listGroups(call, 'acme', query()).total).toBe(2);
  });

  it('sorts before it pages: page 2 of the names descending', () => {
    const all = listOrganizationUsers(call, 'acme', query({ order: 'desc' })).items.map(
      (user) => user.userName,
    );
    expect(all).toEqual([...all].sort().reverse());
    const second = listOrganizationUsers(
      call,
      'acme',
      query({ order: 'desc', page: '2', pageSize: '2' }),
    ).items.map((user) => user.userName);
    expect(second).toEqual(all.slice(2, 4));
  });
});

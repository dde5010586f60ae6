// The index rights matrix: for every permission of the catalogue (and a role with none), a user
// bound to a role holding just that permission on member-a sees in index lists, search and label
// counts exactly the kinds the member's own RBAC (as Nimbus projects it) lets them list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtInRoleObject, builtInRoles } from '../access/built-in-roles.js';
import { permissionCatalogue } from '../access/catalogue.js';
import { desiredMemberRbac } from '../clusters/rbac/desired-state.js';
import type { Identity } from '../identity/identity.js';
import { indexedKinds } from '../index/kinds.js';
import { IndexStore } from '../index/store.js';
import type { KubeObject } from '../index/trim.js';
import type { MemoryHubStore } from '../testing/memory-store.js';
import { createMemoryStore } from '../testing/memory-store.js';
import { rbacAllows } from '../testing/rbac-verdict.js';
import { callerClusters } from '../access/caller-scope.js';
import { listQuery } from '@nimbus/api';
import { listObjects, searchObjects } from './queries.js';

const clusters = ['member-a', 'member-b'] as const;
const secretValue = 's3cret-value';

let store: MemoryHubStore;
let index: IndexStore;

function probe(cluster: string, kind: (typeof indexedKinds)[number]): KubeObject {
  return {
    apiVersion: kind.group === '' ? kind.version : `${kind.group}/${kind.version}`,
    kind: kind.kind,
    metadata: {
      name: `probe-${kind.name}`,
      ...(kind.namespaced ? { namespace: 'demo' } : {}),
      uid: `${cluster}-${kind.name}`,
      resourceVersion: '1',
      creationTimestamp: '2026-01-01T00:00:00Z',
      labels: { probe: 'matrix', kind: kind.name },
    },
    ...(kind.name === 'configmaps' ? { data: { password: secretValue } } : {}),
    ...(kind.name === 'pods'
      ? { spec: { containers: [{ name: 'c', env: [{ name: 'TOKEN', value: secretValue }] }] } }
      : {}),
  };
}

function identity(userName: string, sysAdmin = false): Identity {
  return {
    userName,
    userId: `uid-${userName}`,
    sysAdmin,
    organizations: [{ name: 'acme', uid: 'uid-acme', admin: false }],
    role: sysAdmin ? 'system-admin' : 'user',
    via: 'session',
  };
}

/** The member's verdict: the kinds the projected RBAC lets `user` list in member-a. */
function memberListable(userName: string): string[] {
  const user = store.users.get(userName);
  if (!user) throw new Error(`no user ${userName}`);
  const rbac = desiredMemberRbac(
    {
      users: [user],
      groups: [],
      roles: store.roles.list(),
      clusters: store.clusters.list(),
      organizations: store.organizations,
    },
    'member-a',
  );
  return indexedKinds
    .filter((kind) => rbacAllows(rbac, () => true, 'list', kind.group, kind.plural))
    .map((kind) => kind.name);
}

/** What the index shows the caller: `cluster/kind` through lists, search and label counts. */
async function seenThroughIndex(caller: Identity) {
  const scope = await callerClusters(store, caller);
  const lists = indexedKinds.flatMap((kind) =>
    listObjects(index, scope, kind.name, listQuery.parse({ pageSize: 500 })).items.map(
      (item) => `${item.cluster}/${kind.name}`,
    ),
  );
  const search = searchObjects(index, scope, 'probe').flatMap((group) =>
    group.resources.flatMap((resource) =>
      resource.samples.map(() => `${group.providerTopology.cluster}/${resource.type}`),
    ),
  );
  const labels = index.labels({ scope: scope.scope });
  const probeCount = labels.find((l) => l.key === 'probe')?.values[0]?.count ?? 0;
  const labelKinds = (labels.find((l) => l.key === 'kind')?.values ?? []).map((v) => v.value);
  return { lists: lists.sort(), search: search.sort(), probeCount, labelKinds: labelKinds.sort() };
}

const cases = [
  { name: 'none', permissions: [] as string[] },
  ...permissionCatalogue.map((p) => ({ name: p.name, permissions: [p.name] })),
];
const userOf = (name: string): string => `u-${name.replace(':', '-')}`;

beforeAll(async () => {
  store = createMemoryStore();
  index = IndexStore.open(':memory:', { now: () => Date.UTC(2026, 0, 1) });
  await store.organizations.create({
    metadata: { name: 'acme' },
    spec: { cnName: 'acme', contact: 'ops', email: 'ops@acme.example' },
  });
  for (const role of builtInRoles) await store.roles.create(builtInRoleObject(role));
  for (const cluster of clusters) {
    await store.clusters.create({
      metadata: { name: cluster, labels: { 'nimbus.io/organization': 'acme' } },
      spec: {
        provider: 'ProviderKubeconfig',
        region: 'local',
        credentialsSecretRef: { name: `${cluster}-kubeconfig`, namespace: 'nimbus-system' },
      },
    });
    for (const kind of indexedKinds) index.upsert(cluster, kind.name, [probe(cluster, kind)]);
  }
  for (const { name, permissions } of cases) {
    const user = userOf(name);
    await store.roles.create({
      metadata: { name: `only-${user}` },
      spec: {
        organization: 'acme',
        permissions: permissions.map((p) => ({ name: p, effect: 'allow' as const })),
      },
    });
    await store.users.create({
      metadata: { name: user },
      spec: {
        email: `${user}@example.com`,
        organizations: [{ name: 'acme', admin: false }],
        clusterPermissions: [{ cluster: 'member-a', role: `only-${user}`, effect: 'Allow' }],
      },
    });
  }
  for (const [name, bindings] of [
    ['root', []],
    ['root-denied-b', [{ cluster: 'member-b', role: 'owner', effect: 'Deny' as const }]],
  ] as const) {
    await store.users.create({
      metadata: { name },
      spec: { email: `${name}@example.com`, sysAdmin: true, clusterPermissions: [...bindings] },
    });
  }
});

afterAll(() => index.close());

describe('index rights: permission catalogue × indexed kinds', () => {
  it.each(cases)('$name shows exactly the kinds the member lets its holder list', async (c) => {
    const user = userOf(c.name);
    const expected = memberListable(user);
    const seen = await seenThroughIndex(identity(user));
    const inMemberA = expected.map((kind) => `member-a/${kind}`).sort();
    expect(seen.lists).toEqual(inMemberA);
    expect(seen.search).toEqual(inMemberA);
    expect(seen.probeCount).toBe(expected.length);
    expect(seen.labelKinds).toEqual([...expected].sort());
  });

  it('covers every indexed kind: each is listable through some permission', () => {
    const covered = new Set(cases.flatMap((c) => memberListable(userOf(c.name))));
    expect([...covered].sort()).toEqual(indexedKinds.map((kind) => kind.name).sort());
  });

  it('shows a system admin what the member grants them: owner wherever not denied', async () => {
    const every = indexedKinds.map((kind) => kind.name);
    const root = await seenThroughIndex(identity('root', true));
    expect(root.lists).toEqual(clusters.flatMap((c) => every.map((k) => `${c}/${k}`)).sort());
    expect(root.probeCount).toBe(2 * every.length);
    const denied = await seenThroughIndex(identity('root-denied-b', true));
    expect(denied.lists).toEqual(every.map((k) => `member-a/${k}`).sort());
    expect(denied.search).toEqual(denied.lists);
  });

  it('stores and matches no ConfigMap data or env values, whoever asks', async () => {
    const root = await callerClusters(store, identity('root', true));
    expect(searchObjects(index, root, secretValue)).toEqual([]);
    const [configMap] = listObjects(index, root, 'configmaps', listQuery.parse({})).items;
    expect(configMap?.data).toEqual({ password: '' });
    const [pod] = listObjects(index, root, 'pods', listQuery.parse({})).items;
    expect(JSON.stringify(pod)).not.toContain(secretValue);
    expect(JSON.stringify(pod)).toContain('TOKEN');
  });
});

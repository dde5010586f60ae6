// The index rights matrix: for every permission of the catalogue (and a role with none), a user
// bound to a role holding just that permission on member-a sees in index lists, search and label
// counts exactly the kinds the member's own RBAC (as Nimbus projects it) lets them list; and for
// the combinations the effective rules decide (two roles, one denying what the other allows; a
// group binding beside the user's own; two organizations), the kinds written out by hand. The
// check of the catalogue's mapping against a real API server is tests/integration/index-rights.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtInRoleObject, builtInRoles } from '../access/built-in-roles.js';
import { permissionCatalogue } from '../access/catalogue.js';
import { desiredMemberRbac } from '../clusters/rbac/desired-state.js';
import type { Identity } from '../identity/identity.js';
import { indexedKinds } from './kinds.js';
import type { KubeObject } from './trim.js';
import type { MemoryHubStore } from '../testing/memory-store.js';
import { createMemoryStore } from '../testing/memory-store.js';
import { rbacAllows } from '../testing/rbac-verdict.js';
import { callerClusters } from '../access/caller-scope.js';
import { listQuery } from '@nimbus/api';
import { listableKinds } from '../access/listable-kinds.js';
import { listObjects, searchObjects } from './queries.js';
import { storedEffect } from '../iam/effects.js';
import type { TestIndexStore } from '../testing/index-stores.js';
import { closeIndexStores, indexStoreKinds } from '../testing/index-stores.js';

const listableKindsOf = (permissions: string[]) => [...listableKinds(permissions)].sort();

const clusters = ['member-a', 'member-b', 'member-c'] as const;
/** The organization of each cluster: member-c is globex's. */
const owner = (cluster: string) => (cluster === 'member-c' ? 'globex' : 'acme');
const secretValue = 's3cret-value';

let store: MemoryHubStore;
let index: TestIndexStore;

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

function identity(userName: string, sysAdmin = false, orgs = ['acme']): Identity {
  return {
    userName,
    userId: `uid-${userName}`,
    sysAdmin,
    organizations: orgs.map((name) => ({ name, uid: `uid-${name}`, admin: false })),
    role: sysAdmin ? 'system-admin' : 'user',
    via: 'session',
  };
}

/** The member's verdict: the kinds the projected RBAC lets `user` list in `cluster`. */
function memberListable(userName: string, cluster = 'member-a'): string[] {
  const user = store.users.get(userName);
  const registration = store.clusters.get(cluster);
  if (!user || !registration) throw new Error(`no user ${userName} or cluster ${cluster}`);
  const rbac = desiredMemberRbac(
    {
      users: [user],
      groups: store.userGroups.list(),
      roles: store.roles.list(),
      organizations: store.organizations,
    },
    registration,
  );
  return indexedKinds
    .filter((kind) => rbacAllows(rbac, () => true, 'list', kind.group, kind.plural))
    .map((kind) => kind.name);
}

/** What the index shows the caller: `cluster/kind` through lists, search and label counts. */
async function seenThroughIndex(caller: Identity) {
  const scope = await callerClusters(store, caller);
  const pages = await Promise.all(
    indexedKinds.map(async (kind) => ({
      kind,
      page: await listObjects(index, scope, kind.name, listQuery.parse({ pageSize: 500 })),
    })),
  );
  const lists = pages.flatMap(({ kind, page }) =>
    page.items.map((item) => `${item.cluster}/${kind.name}`),
  );
  const search = (await searchObjects(index, scope, 'probe')).flatMap((group) =>
    group.resources.flatMap((resource) =>
      resource.samples.map(() => `${group.providerTopology.cluster}/${resource.type}`),
    ),
  );
  const labels = await index.labels({ scope: scope.scope });
  const probeCount = labels.find((l) => l.key === 'probe')?.values[0]?.count ?? 0;
  const labelKinds = (labels.find((l) => l.key === 'kind')?.values ?? []).map((v) => v.value);
  return { lists: lists.sort(), search: search.sort(), probeCount, labelKinds: labelKinds.sort() };
}

const cases = [
  { name: 'none', permissions: [] as string[] },
  ...permissionCatalogue.map((p) => ({ name: p.name, permissions: [p.name] })),
];
const userOf = (name: string): string => `u-${name.replace(':', '-')}`;

type Rule = [string, 'allow' | 'deny'];
type Bound = { cluster: string; role: string; effect: 'Allow' | 'Deny' };
const allow = (cluster: string, role: string): Bound => ({ cluster, role, effect: 'Allow' });

interface Combination {
  name: string;
  orgs: string[];
  own: Bound[];
  /** Groups the user is in: name, organization, bindings. */
  groups: Array<[string, string, Bound[]]>;
  /** Written by hand, not computed: what the member must let the user list, per cluster. */
  expected: Record<(typeof clusters)[number], string[]>;
}

const combinationRoles: Array<[string, string, Rule[]]> = [
  [
    'mix-cm-secret',
    'acme',
    [
      ['configmap:list', 'allow'],
      ['secret:list', 'allow'],
    ],
  ],
  [
    'mix-no-secret',
    'acme',
    [
      ['secret:list', 'deny'],
      ['node:list', 'allow'],
    ],
  ],
  ['acme-cm', 'acme', [['configmap:list', 'allow']]],
  ['acme-apps', 'acme', [['application:list', 'allow']]],
  ['globex-nodes', 'globex', [['node:list', 'allow']]],
];
const apps = ['cronjobs', 'daemonsets', 'deployments', 'jobs', 'pods', 'statefulsets'];

const combinations: Combination[] = [
  {
    name: 'two roles on one cluster, one denying a permission the other allows',
    orgs: ['acme'],
    own: [],
    groups: [
      ['mix-allow', 'acme', [allow('member-a', 'mix-cm-secret')]],
      ['mix-deny', 'acme', [allow('member-a', 'mix-no-secret')]],
    ],
    expected: { 'member-a': ['configmaps', 'nodes'], 'member-b': [], 'member-c': [] },
  },
  {
    name: "a group binding beside the user's own: the group's, per cluster, and no fallback",
    orgs: ['acme'],
    own: [allow('member-a', 'acme-apps'), allow('member-b', 'acme-apps')],
    groups: [['grouped-cm', 'acme', [allow('member-a', 'acme-cm')]]],
    expected: { 'member-a': ['configmaps'], 'member-b': [], 'member-c': [] },
  },
  {
    name: "two organizations: groups first is decided in each cluster's organization",
    orgs: ['acme', 'globex'],
    own: [allow('member-b', 'acme-apps'), allow('member-c', 'globex-nodes')],
    groups: [['two-orgs-cm', 'acme', [allow('member-a', 'acme-cm')]]],
    expected: { 'member-a': ['configmaps'], 'member-b': [], 'member-c': ['nodes'] },
  },
  {
    name: "two organizations: another organization's group binding a cluster grants nothing there",
    orgs: ['acme', 'globex'],
    own: [allow('member-a', 'acme-cm')],
    groups: [['foreign-owners', 'globex', [allow('member-a', 'owner')]]],
    expected: { 'member-a': ['configmaps'], 'member-b': [], 'member-c': [] },
  },
];
const comboUser = (index: number) => `u-combo-${index}`;

beforeAll(async () => {
  store = createMemoryStore();
  for (const org of ['acme', 'globex']) {
    await store.organizations.create({
      metadata: { name: org },
      spec: { cnName: org, contact: 'ops', email: `ops@${org}.example` },
    });
  }
  for (const role of builtInRoles) await store.roles.create(builtInRoleObject(role));
  for (const cluster of clusters) {
    await store.clusters.create({
      metadata: { name: cluster, labels: { 'nimbus.io/organization': owner(cluster) } },
      spec: {
        provider: 'ProviderKubeconfig',
        region: 'local',
        credentialsSecretRef: { name: `${cluster}-kubeconfig`, namespace: 'nimbus-system' },
      },
    });
  }
  for (const { name, permissions } of cases) {
    const user = userOf(name);
    await store.roles.create({
      metadata: { name: `only-${user}` },
      spec: {
        organization: 'acme',
        permissions: permissions.map((p) => ({ name: p, effect: 'Allow' as const })),
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
  // The combinations' roles, users and groups (the last describe below).
  for (const [name, organization, permissions] of combinationRoles) {
    await store.roles.create({
      metadata: { name },
      spec: {
        organization,
        permissions: permissions.map(([p, effect]) => ({
          name: p,
          effect: storedEffect(effect),
        })),
      },
    });
  }
  for (const [index, c] of combinations.entries()) {
    const user = comboUser(index);
    await store.users.create({
      metadata: { name: user },
      spec: {
        email: `${user}@example.com`,
        organizations: c.orgs.map((name) => ({ name, admin: false })),
        clusterPermissions: c.own,
      },
    });
    for (const [group, organization, bindings] of c.groups) {
      await store.userGroups.create({
        metadata: { name: `${group}-${index}` },
        spec: { organization, members: [user], clusterPermissions: bindings },
      });
    }
  }
});

// The same rights, through each index store: SQLite's and the shared store's (PostgreSQL).
describe.each(indexStoreKinds)('$name index', (kind) => {
  beforeAll(async () => {
    index = await kind.open({ now: () => Date.UTC(2026, 0, 1) });
    for (const cluster of clusters) {
      for (const indexed of indexedKinds) {
        await index.upsert(cluster, indexed.name, [probe(cluster, indexed)]);
      }
    }
  });

  afterAll(closeIndexStores);

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
      expect(root.probeCount).toBe(clusters.length * every.length);
      const denied = await seenThroughIndex(identity('root-denied-b', true));
      const notB = clusters.filter((c) => c !== 'member-b');
      expect(denied.lists).toEqual(notB.flatMap((c) => every.map((k) => `${c}/${k}`)).sort());
      expect(denied.search).toEqual(denied.lists);
    });

    it('stores and matches no ConfigMap data or env values, whoever asks', async () => {
      const root = await callerClusters(store, identity('root', true));
      expect(await searchObjects(index, root, secretValue)).toEqual([]);
      const [configMap] = (await listObjects(index, root, 'configmaps', listQuery.parse({}))).items;
      expect(configMap?.data).toEqual({ password: '' });
      const [pod] = (await listObjects(index, root, 'pods', listQuery.parse({}))).items;
      expect(JSON.stringify(pod)).not.toContain(secretValue);
      expect(JSON.stringify(pod)).toContain('TOKEN');
    });
  });
  describe('index rights: roles, groups and organizations combined', () => {
    it.each(combinations.map((c, index) => ({ ...c, index })))(
      '$name: the index shows, and the member allows, exactly the kinds written out',
      async (c) => {
        const user = comboUser(c.index);
        for (const cluster of clusters) {
          const allowed = [...memberListable(user, cluster)].sort();
          expect(allowed, cluster).toEqual([...c.expected[cluster]].sort());
        }
        const seen = await seenThroughIndex(identity(user, false, c.orgs));
        const expected = clusters.flatMap((cluster) =>
          c.expected[cluster].map((k) => `${cluster}/${k}`),
        );
        expect(seen.lists).toEqual(expected.sort());
        expect(seen.search).toEqual(expected);
      },
    );

    it('pins what application:list lets one list, written out by hand', () => {
      expect(listableKindsOf(['application:list'])).toEqual(apps);
    });
  });
});

import { endpoints } from '@nimbus/api';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Identity } from '../identity/identity.js';
import { clusterObject, identityOf, orgObject, roleObject, userObject } from '../testing/iam.js';
import type { MemoryHubStore } from '../testing/memory-store.js';
import { createMemoryStore } from '../testing/memory-store.js';
import { permissionGate } from './permission-gate.js';
import { grantedInOrganization } from './permissions.js';

let store: MemoryHubStore;
const people: Record<string, Identity> = {};

/** Stores a fixture as the API server would take it (no server-set metadata). */
const create = <T extends { metadata: { name: string; labels?: Record<string, string> } }>(
  kind: { create(object: T): Promise<unknown> },
  object: T,
) => {
  const { name, labels } = object.metadata;
  return kind.create({ ...object, metadata: { name, ...(labels ? { labels } : {}) } });
};

beforeAll(async () => {
  store = createMemoryStore();
  for (const org of ['acme', 'globex']) await create(store.organizations, orgObject(org));
  for (const [name, org] of [
    ['alpha', 'acme'],
    ['beta', 'acme'],
    ['gamma', 'globex'],
  ] as const) {
    await create(store.clusters, clusterObject(name, org));
  }
  await create(store.roles, roleObject('watcher', 'acme', [['monitoring:view', 'allow']]));
  await create(store.roles, roleObject('counter', 'acme', [['cost:view', 'allow']]));
  const users = [
    userObject(
      'wendy',
      { acme: false },
      { clusterPermissions: [{ cluster: 'alpha', role: 'watcher', effect: 'Allow' }] },
    ),
    userObject(
      'carl',
      { acme: false },
      { clusterPermissions: [{ cluster: 'beta', role: 'counter', effect: 'Allow' }] },
    ),
    userObject('nobody', { acme: false }),
    userObject('adam', { acme: true }),
  ];
  for (const user of users) {
    await create(store.users, user);
    people[user.metadata.name] = identityOf(user);
  }
});

const location = (cluster: string) => ({ vendor: 'ProviderKubeconfig', region: 'local', cluster });
const gate = (id: keyof typeof endpoints, params: unknown, who: string) =>
  permissionGate(store)(endpoints[id], params, people[who]);

describe('the permission gate', () => {
  it('refuses a cluster of the caller’s scope without the permission, naming it (9997)', async () => {
    await expect(gate('proxyMetrics', location('alpha'), 'wendy')).resolves.toBeUndefined();
    await expect(gate('proxyMetrics', location('beta'), 'carl')).rejects.toMatchObject({
      entry: { code: 9997 },
      message: 'missing permission monitoring:view on cluster beta',
      details: { missingPermission: 'monitoring:view', cluster: 'beta' },
    });
  });

  it('leaves a cluster outside the scope to the handler, which answers it as before', async () => {
    await expect(gate('proxyMetrics', location('gamma'), 'wendy')).resolves.toBeUndefined();
    await expect(gate('proxyMetrics', location('beta'), 'wendy')).resolves.toBeUndefined();
  });

  it('needs a multi-cluster permission on one cluster of a non-empty scope', async () => {
    await expect(gate('getCostAllocation', {}, 'carl')).resolves.toBeUndefined();
    await expect(gate('getCostAllocation', {}, 'wendy')).rejects.toMatchObject({
      message: 'missing permission cost:view on any of your clusters',
    });
    await expect(gate('getCostAllocation', {}, 'nobody')).resolves.toBeUndefined();
  });

  it('leaves permissions held per organization to the handler', async () => {
    await expect(gate('listCharts', {}, 'nobody')).resolves.toBeUndefined();
  });
});

describe('grantedInOrganization', () => {
  it('holds for the organization’s administrators and for members granted it on its cluster', async () => {
    const granted = (who: string, org: string, permission: string) =>
      grantedInOrganization(store, people[who] as Identity, org, permission);
    expect(await granted('adam', 'acme', 'registry:list')).toBe(true);
    expect(await granted('carl', 'acme', 'cost:view')).toBe(true);
    expect(await granted('carl', 'acme', 'registry:list')).toBe(false);
    expect(await granted('carl', 'globex', 'cost:view')).toBe(false);
    expect(await granted('nobody', 'acme', 'registry:list')).toBe(false);
  });
});

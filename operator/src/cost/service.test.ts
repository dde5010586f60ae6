import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../testing/memory-store.js';
import { createMemoryRollupStore } from './memory-rollup-store.js';
import { identityOf, orgObject, userObject } from '../testing/iam.js';
import type { WorkloadCost } from './allocation.js';
import type { DailyRollup } from './rollup.js';
import { emptyRollup } from './rollup.js';
import { costAllocation } from './service.js';

const owner = { apiVersion: 'nimbus.io/v1alpha1', kind: 'Cluster', name: 'x', uid: 'u' };

const workload = (
  namespace: string,
  name: string,
  labels: Record<string, string>,
  cpuCost: number,
  memoryCost: number,
): WorkloadCost => ({
  namespace,
  workload: { kind: 'Deployment', name },
  labels,
  cpuCoreHours: cpuCost * 10,
  memoryGiBHours: memoryCost * 100,
  cpuCost,
  memoryCost,
});

function rollup(
  cluster: string,
  date: string,
  workloads: WorkloadCost[],
  idle: number,
): DailyRollup {
  return {
    ...emptyRollup(cluster, date, 'USD'),
    minutes: 1440,
    lastSlot: 1,
    usageMetrics: true,
    nodes: [
      {
        name: 'n',
        instanceType: 'm5.xlarge',
        priceSource: 'catalogue',
        hourly: 1,
        cost: 1,
        idleCost: idle,
      },
    ],
    workloads,
    idle: { cpuCost: idle / 2, memoryCost: idle / 2 },
  };
}

async function setup() {
  const rollups = createMemoryRollupStore();
  const store = createMemoryStore();
  await store.organizations.create({ ...orgObject('acme'), metadata: { name: 'acme' } });
  await store.organizations.create({ ...orgObject('other'), metadata: { name: 'other' } });
  await store.roles.create({
    metadata: { name: 'read-only' },
    spec: {
      builtIn: true,
      permissions: [
        { name: 'node:list', effect: 'Allow' },
        { name: 'cost:view', effect: 'Allow' },
      ],
    },
  });
  await store.roles.create({
    metadata: { name: 'nodes-only' },
    spec: { builtIn: true, permissions: [{ name: 'node:list', effect: 'Allow' }] },
  });
  for (const [name, org] of [
    ['alpha', 'acme'],
    ['bravo', 'acme'],
    ['charlie', 'other'],
  ] as const) {
    await store.clusters.create({
      metadata: { name, labels: { 'nimbus.io/organization': org } },
      spec: {
        provider: 'ProviderAWS',
        region: 'us-east-1',
        credentialsSecretRef: { name: `${name}-creds`, namespace: 'nimbus-system' },
      },
    });
    const put = (r: DailyRollup) => rollups.put(r, owner);
    await put(
      rollup(
        name,
        '2026-11-23',
        [
          workload('shop', 'web', { team: 'red' }, 1, 0.5),
          workload('shop', 'cart', {}, 0.25, 0.25),
          workload('ops', 'agent', { team: 'blue' }, 0.5, 0),
        ],
        2,
      ),
    );
    await put(rollup(name, '2026-11-24', [workload('shop', 'web', { team: 'red' }, 2, 1)], 1));
  }
  const alice = userObject(
    'alice',
    { acme: false },
    {
      clusterPermissions: [
        { cluster: 'alpha', role: 'read-only', effect: 'Allow' },
        { cluster: 'bravo', role: 'read-only', effect: 'Deny' },
      ],
    },
  );
  await store.users.create({ ...alice, metadata: { name: 'alice' } });
  const bob = userObject(
    'bob',
    { acme: false },
    {
      clusterPermissions: [
        { cluster: 'alpha', role: 'nodes-only', effect: 'Allow' },
        { cluster: 'bravo', role: 'read-only', effect: 'Allow' },
      ],
    },
  );
  await store.users.create({ ...bob, metadata: { name: 'bob' } });
  return { store, rollups, alice: identityOf(alice), bob: identityOf(bob) };
}

const range = { from: '2026-11-22', to: '2026-11-24' };

describe('cost allocation for a caller', () => {
  it('counts only the clusters bound to the caller with Allow, with idle and the trend', async () => {
    const { store, rollups, alice } = await setup();
    const answer = await costAllocation(store, rollups, alice, { ...range, aggregate: 'cluster' });
    expect(answer.clusters.map((c) => c.cluster)).toEqual(['alpha']);
    // 23rd: workloads 1.5 + 0.5 + 0.5 = 2.5, idle 2 → 4.5; 24th: 3 + idle 1 → 4.
    expect(answer.trend).toEqual([
      { date: '2026-11-22', totalCost: 0, idleCost: 0 },
      { date: '2026-11-23', totalCost: 4.5, idleCost: 2 },
      { date: '2026-11-24', totalCost: 4, idleCost: 1 },
    ]);
    expect(answer.totalCost).toBe(8.5);
    expect(answer.idleCost).toBe(3);
    expect(answer.items.map((i) => [i.name, i.idle, i.totalCost])).toEqual([
      ['alpha', false, 5.5],
      ['__idle__', true, 3],
    ]);
    expect(answer.clusters[0]).toMatchObject({
      minutes: 2880,
      usageMetrics: true,
      priceSources: ['catalogue'],
    });
  });

  it('groups by namespace, workload and label value', async () => {
    const { store, rollups, alice } = await setup();
    const byNamespace = await costAllocation(store, rollups, alice, {
      ...range,
      aggregate: 'namespace',
    });
    // shop: 1.5 + 0.5 + 3 = 5; ops: 0.5
    expect(byNamespace.items.map((i) => [i.name, i.totalCost])).toEqual([
      ['shop', 5],
      ['__idle__', 3],
      ['ops', 0.5],
    ]);
    const byWorkload = await costAllocation(store, rollups, alice, {
      ...range,
      aggregate: 'workload',
    });
    expect(byWorkload.items[0]).toMatchObject({
      name: 'web',
      namespace: 'shop',
      kind: 'Deployment',
      cpuCost: 3,
      memoryCost: 1.5,
      totalCost: 4.5,
      cpuCoreHours: 30,
    });
    const byTeam = await costAllocation(store, rollups, alice, {
      ...range,
      aggregate: 'label',
      label: 'team',
    });
    expect(byTeam.items.map((i) => [i.name, i.totalCost])).toEqual([
      ['red', 4.5],
      ['__idle__', 3],
      ['__unallocated__', 0.5],
      ['blue', 0.5],
    ]);
  });

  it('refuses a cluster the caller is denied (9997) and answers only the range asked', async () => {
    const { store, rollups, alice } = await setup();
    await expect(
      costAllocation(store, rollups, alice, { ...range, aggregate: 'cluster', cluster: 'bravo' }),
    ).rejects.toMatchObject({ entry: { code: 9997 } });
    const oneDay = await costAllocation(store, rollups, alice, {
      from: '2026-11-24',
      to: '2026-11-24',
      aggregate: 'cluster',
      cluster: 'alpha',
    });
    expect(oneDay.totalCost).toBe(4);
  });

  it('counts only clusters granting cost:view and refuses one without it, naming it', async () => {
    const { store, rollups, bob } = await setup();
    const answer = await costAllocation(store, rollups, bob, { ...range, aggregate: 'cluster' });
    expect(answer.clusters.map((c) => c.cluster)).toEqual(['bravo']);
    await expect(
      costAllocation(store, rollups, bob, { ...range, aggregate: 'cluster', cluster: 'alpha' }),
    ).rejects.toMatchObject({
      entry: { code: 9997 },
      message: 'missing permission cost:view on cluster alpha',
    });
  });
});

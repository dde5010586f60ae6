import { afterEach, describe, expect, it } from 'vitest';
import { IndexStore } from '../index/store.js';
import { createMemoryStore } from '../testing/memory-store.js';
import { createMemoryRollupStore } from './memory-rollup-store.js';
import { usageKey } from './inputs.js';
import { costRollupJob, endedSlot } from './rollup-job.js';
import { rollupName } from './rollup.js';

const slotSeconds = 600;
// 2026-11-24T10:00:00Z: a slot boundary; the tick samples the slot 09:50–10:00.
const tenOClock = Date.UTC(2026, 10, 24, 10, 0, 0);

const node = (name: string) => ({
  apiVersion: 'v1',
  kind: 'Node',
  metadata: {
    name,
    uid: `uid-${name}`,
    resourceVersion: '1',
    labels: {
      'node.kubernetes.io/instance-type': 'custom-box',
      'topology.kubernetes.io/region': 'dc-1',
    },
  },
  status: { capacity: { cpu: '4', memory: '16Gi' } },
});

const pod = (name: string, cpu: string) => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: {
    name,
    namespace: 'shop',
    uid: `uid-${name}`,
    resourceVersion: '1',
    labels: { app: 'web', 'pod-template-hash': 'abc12' },
    ownerReferences: [{ kind: 'ReplicaSet', name: 'web-abc12', controller: true }],
  },
  spec: {
    nodeName: 'n1',
    containers: [{ name: 'app', resources: { requests: { cpu, memory: '1Gi' } } }],
  },
  status: { phase: 'Running' },
});

let index: IndexStore | undefined;
afterEach(() => index?.close());

async function setup(now: { ms: number }) {
  const store = createMemoryStore();
  await store.clusters.create({
    metadata: { name: 'onprem', labels: { 'nimbus.io/organization': 'acme' } },
    spec: {
      provider: 'ProviderKubeconfig',
      region: 'dc-1',
      credentialsSecretRef: { name: 'onprem-kubeconfig', namespace: 'nimbus-system' },
      customPrice: { cpuCoreHour: 0.06, memoryGiBHour: 0.006 },
    },
  });
  await store.clusters.applyStatus('onprem', { ready: true });
  index = IndexStore.open(':memory:');
  index.upsert('onprem', 'nodes', [node('n1')]);
  index.upsert('onprem', 'pods', [pod('web-abc12-x', '500m')]);
  const usage = {
    cpuCores: new Map([[usageKey('shop', 'web-abc12-x', 'app'), 1.5]]),
    memoryBytes: new Map<string, number>(),
  };
  const opened = index;
  const rollups = createMemoryRollupStore();
  const job = costRollupJob({
    clusters: { list: () => store.clusters.list() },
    index: () => opened,
    rollups,
    usage: () => Promise.resolve(usage),
    clock: { now: () => now.ms, setTimeout: () => undefined, clearTimeout: () => undefined },
    sampleSeconds: slotSeconds,
  });
  return { store, job, rollups };
}

describe('cost rollup job', () => {
  it('samples the slot that just ended into the day of that slot', () => {
    expect(endedSlot(tenOClock, slotSeconds)).toBe(tenOClock / 600_000 - 1);
    // Just after midnight, the ended slot belongs to the day before.
    expect(new Date(endedSlot(Date.UTC(2026, 10, 25), slotSeconds) * 600_000).toISOString()).toBe(
      '2026-11-24T23:50:00.000Z',
    );
  });

  it('adds each slot once to the day rollup, owned by the Cluster', async () => {
    const now = { ms: tenOClock };
    const { job, rollups } = await setup(now);
    expect(await job.run()).toBe(1);
    // The same slot again (a restarted leader): nothing written.
    expect(await job.run()).toBe(0);
    now.ms += 600_000;
    expect(await job.run()).toBe(1);

    const record = rollups.records.get(rollupName('onprem', '2026-11-24'));
    expect(record?.owner).toMatchObject({ kind: 'Cluster', name: 'onprem' });
    const rollup = record?.rollup;
    expect(rollup?.minutes).toBe(20);
    expect(rollup?.usageMetrics).toBe(true);
    // Two slots of 1/6 h. web: CPU max(0.5, 1.5) = 1.5 cores × 0.06 × 1/6 = 0.015 per slot,
    // memory 1 GiB × 0.006 × 1/6 = 0.001 per slot.
    expect(rollup?.workloads).toHaveLength(1);
    expect(rollup?.workloads[0]).toMatchObject({
      namespace: 'shop',
      workload: { kind: 'Deployment', name: 'web' },
      labels: { app: 'web' },
    });
    expect(rollup?.workloads[0]?.cpuCost).toBeCloseTo(0.03, 10);
    expect(rollup?.workloads[0]?.memoryCost).toBeCloseTo(0.002, 10);
    // Node: 4 × 0.06 + 16 × 0.006 = 0.336 per hour, 0.056 per slot; idle CPU 2.5 × 0.06 / 6 =
    // 0.025 and idle memory 15 × 0.006 / 6 = 0.015 per slot.
    expect(rollup?.nodes[0]).toMatchObject({ name: 'n1', priceSource: 'custom' });
    expect(rollup?.nodes[0]?.cost).toBeCloseTo(0.112, 10);
    expect(rollup?.idle.cpuCost).toBeCloseTo(0.05, 10);
    expect(rollup?.idle.memoryCost).toBeCloseTo(0.03, 10);
  });

  it('skips a cluster the index has no nodes of, and clusters not ready', async () => {
    const now = { ms: tenOClock };
    const { job, rollups, store } = await setup(now);
    index?.replaceAll('onprem', 'nodes', []);
    expect(await job.run()).toBe(0);
    index?.upsert('onprem', 'nodes', [node('n1')]);
    await store.clusters.applyStatus('onprem', { ready: false });
    expect(await job.run()).toBe(0);
    expect(rollups.records.size).toBe(0);
  });
});

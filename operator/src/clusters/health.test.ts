import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClusterObject } from '../hub/store.js';
import { registerKubeconfigCluster, testClusterServices } from '../testing/clusters.js';
import type { TestController } from '../testing/controllers.js';
import { startTestController } from '../testing/controllers.js';
import type { FakeApiServer } from '../testing/fake-apiserver.js';
import { startFakeApiServer, tokenKubeconfig } from '../testing/fake-apiserver.js';
import type { FakeClock } from '../testing/fake-clock.js';
import { fakeClock, settle } from '../testing/fake-clock.js';
import type { MemoryHubStore } from '../testing/memory-store.js';
import { createMemoryStore } from '../testing/memory-store.js';
import { clusterHealthController, newClusterDelayMs } from './health.js';

const timeoutMs = 3_000;
const intervalMs = 60_000;
let live: FakeApiServer;
let blackhole: FakeApiServer;

async function register(store: MemoryHubStore, name: string, server: string): Promise<void> {
  await registerKubeconfigCluster(store, name, tokenKubeconfig(server, 'tok'));
}

type Status = NonNullable<ClusterObject['status']>;

/** Resolves at the status write of `name` that `accept` takes (the store's watch sees it). */
function statusOf(store: MemoryHubStore, name: string, accept: (s: Status) => boolean) {
  return new Promise<Status>((resolve) => {
    const off = store.clusters.subscribe((_type, cluster) => {
      if (cluster.metadata.name !== name || !cluster.status || !accept(cluster.status)) return;
      off();
      resolve(cluster.status);
    });
  });
}

function start(store: MemoryHubStore, clock: FakeClock): TestController {
  const services = testClusterServices(store, [live.host, blackhole.host], timeoutMs, clock);
  const factory = clusterHealthController({
    store,
    connector: services.connector,
    intervalMs,
    timeoutMs,
  });
  return startTestController(factory, clock);
}

beforeAll(async () => {
  live = await startFakeApiServer({ gitVersion: 'v1.36.2', nodes: 3, token: 'tok' });
  blackhole = await startFakeApiServer({ hang: true });
});
afterAll(async () => {
  await live.close();
  await blackhole.close();
});

describe('cluster health', () => {
  let store: MemoryHubStore;
  let clock: FakeClock;
  let health: TestController;

  beforeAll(async () => {
    store = createMemoryStore();
    await register(store, 'live', live.url);
    await register(store, 'dead', blackhole.url);
  });
  afterAll(() => health.stop());

  it('answers for a live member while a dead one is still waiting, then marks the dead one at its deadline', async () => {
    clock = fakeClock(Date.parse('2030-01-01T00:00:00Z'));
    const liveWritten = statusOf(store, 'live', () => true);
    health = start(store, clock);
    const ready = await liveWritten;
    // No time has passed on the clock: the dead member has not held the live one up.
    expect(store.clusters.get('dead')?.status).toBeUndefined();
    expect(ready).toMatchObject({ ready: true, kubernetesVersion: 'v1.36.2', nodeCount: 3 });
    expect(ready.conditions?.find((c) => c.type === 'Ready')).toMatchObject({ status: 'True' });
    expect(live.requests.every((r) => r.headers['impersonate-user'] === undefined)).toBe(true);

    // Let the live probe finish (it asks to come back in an interval) before time moves.
    await settle();
    clock.advance(timeoutMs);
    await health.settled();
    const dead = store.clusters.get('dead')?.status;
    expect(dead).toMatchObject({ ready: false, lastProbeTime: '2030-01-01T00:00:03.000Z' });
    expect(dead?.conditions?.find((c) => c.type === 'Ready')).toMatchObject({
      status: 'False',
      reason: 'Unreachable',
      message: 'no answer within 3 s',
    });
  });

  it('explains both in Events: the dead one is unreachable, the live one became ready', () => {
    // Neither names an organization: each also has a Warning NoOrganization (action Validate).
    const probes = (name: string) => health.events.about(name).filter((e) => e.action === 'Probe');
    expect(probes('dead')).toMatchObject([
      {
        type: 'Warning',
        reason: 'Unreachable',
        note: 'no answer within 3 s',
        regarding: { kind: 'Cluster', name: 'dead' },
      },
    ]);
    expect(probes('live')).toMatchObject([
      {
        type: 'Normal',
        reason: 'BecameReady',
        note: 'the API server answered: Kubernetes v1.36.2, 3 nodes',
      },
    ]);
  });

  it('probes again each interval, keeping the Ready transition time while the state holds', async () => {
    const first = store.clusters.get('live')?.status;
    const again = statusOf(store, 'live', (s) => s.lastProbeTime !== first?.lastProbeTime);
    // 60 s after the first probes: the live member is due (the dead one 3 s later).
    clock.advance(intervalMs - timeoutMs);
    const next = await again;
    clock.advance(timeoutMs);
    clock.advance(timeoutMs);
    await health.settled();
    const ready = (s: Status | undefined) => s?.conditions?.find((c) => c.type === 'Ready');
    expect(next.lastProbeTime).toBe('2030-01-01T00:01:00.000Z');
    expect(ready(next)?.lastTransitionTime).toBe(ready(first)?.lastTransitionTime);
    // Still unreachable: one Event, counted, not a new one per probe.
    const probes = (name: string) => health.events.about(name).filter((e) => e.action === 'Probe');
    expect(probes('dead')).toMatchObject([{ reason: 'Unreachable', series: { count: 2 } }]);
    expect(probes('live')).toHaveLength(1);
  });
});

describe('a newly registered cluster', () => {
  it('is probed a moment after it appears, once its credentials Secret is written', async () => {
    const store = createMemoryStore();
    const clock = fakeClock();
    const health = start(store, clock);
    const probed = statusOf(store, 'late', () => true);
    const before = live.requests.length;
    // Registration order: the Cluster first (the Secret's owner), then the Secret.
    await register(store, 'late', live.url);
    clock.advance(newClusterDelayMs - 1);
    expect(live.requests.length).toBe(before);
    clock.advance(1);
    expect(await probed).toMatchObject({ ready: true });
    health.stop();
  });
});

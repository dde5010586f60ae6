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
import { credentialsKey } from './connector.js';
import { clusterHealthController, newClusterDelayMs, newClusterSecretPollMs } from './health.js';

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
  /** Registration's order: the Cluster first (it owns the Secret), the Secret after it. */
  const clusterWithoutSecret = (store: MemoryHubStore, name: string) =>
    store.clusters.create({
      metadata: { name },
      spec: {
        provider: 'ProviderKubeconfig',
        region: 'r1',
        credentialsSecretRef: { name: `${name}-credentials`, namespace: store.namespace },
      },
    });
  const writeSecret = (store: MemoryHubStore, name: string, server: string) =>
    store.secrets.create({
      name: `${name}-credentials`,
      data: { [credentialsKey]: JSON.stringify({ kubeconfig: tokenKubeconfig(server, 'tok') }) },
    });

  it('is probed as soon as its credentials Secret is written, not reported unreachable before', async () => {
    const store = createMemoryStore();
    const clock = fakeClock();
    const health = start(store, clock);
    const statuses: Status[] = [];
    store.clusters.subscribe((_type, c) => void (c.status && statuses.push(c.status)));
    const before = live.requests.length;
    await clusterWithoutSecret(store, 'late');
    await health.settled();
    clock.advance(newClusterSecretPollMs);
    await health.settled();
    // No Secret yet: not probed, no status written.
    expect(live.requests.length).toBe(before);
    expect(statuses).toEqual([]);
    const probed = statusOf(store, 'late', () => true);
    await writeSecret(store, 'late', live.url);
    clock.advance(newClusterSecretPollMs);
    // Well before newClusterDelayMs: the probe follows the Secret.
    expect(2 * newClusterSecretPollMs).toBeLessThan(newClusterDelayMs);
    expect(await probed).toMatchObject({ ready: true });
    expect(statuses.every((status) => status.ready)).toBe(true);
    health.stop();
  });

  it('whose Secret never comes is reported after the wait', async () => {
    const store = createMemoryStore();
    const clock = fakeClock();
    const health = start(store, clock);
    const probed = statusOf(store, 'orphan', () => true);
    await clusterWithoutSecret(store, 'orphan');
    await health.settled();
    for (let waited = newClusterSecretPollMs; waited < newClusterDelayMs;) {
      clock.advance(newClusterSecretPollMs);
      waited += newClusterSecretPollMs;
      await health.settled();
      expect(store.clusters.get('orphan')?.status).toBeUndefined();
    }
    clock.advance(newClusterSecretPollMs);
    const status = await probed;
    expect(status).toMatchObject({ ready: false });
    const ready = status.conditions?.find((c) => c.type === 'Ready');
    expect(ready?.message).toContain('credentials Secret');
    health.stop();
  });

  it('whose Secret is there first (as GitOps may apply them) is probed at once', async () => {
    const store = createMemoryStore();
    const clock = fakeClock();
    const health = start(store, clock);
    const probed = statusOf(store, 'prompt', () => true);
    await writeSecret(store, 'prompt', live.url);
    await clusterWithoutSecret(store, 'prompt');
    // No time passes on the clock.
    expect(await probed).toMatchObject({ ready: true });
    health.stop();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLogs } from '../testing/logs.js';
import { testClusterServices } from '../testing/clusters.js';
import type { FakeApiServer } from '../testing/fake-apiserver.js';
import { startFakeApiServer, tokenKubeconfig } from '../testing/fake-apiserver.js';
import type { MemoryHubStore } from '../testing/memory-store.js';
import { createMemoryStore } from '../testing/memory-store.js';
import { credentialsKey } from './connector.js';
import type { ClusterHealth } from './health.js';
import { startClusterHealth } from './health.js';

let live: FakeApiServer;
let blackhole: FakeApiServer;
let store: MemoryHubStore;
let health: ClusterHealth | undefined;

async function register(name: string, server: string): Promise<void> {
  const secret = `${name}-credentials`;
  await store.secrets.create({
    name: secret,
    data: { [credentialsKey]: JSON.stringify({ kubeconfig: tokenKubeconfig(server, 'tok') }) },
  });
  await store.clusters.create({
    metadata: { name },
    spec: {
      provider: 'ProviderKubeconfig',
      region: 'r1',
      credentialsSecretRef: { name: secret, namespace: store.namespace },
    },
  });
}

beforeAll(async () => {
  live = await startFakeApiServer({ gitVersion: 'v1.36.2', nodes: 3, token: 'tok' });
  blackhole = await startFakeApiServer({ hang: true });
  store = createMemoryStore();
  await register('live', live.url);
  await register('dead', blackhole.url);
});

afterAll(async () => {
  health?.stop();
  await live.close();
  await blackhole.close();
});

describe('startClusterHealth', () => {
  it('probes in parallel: a dead member is NotReady at its deadline and never delays the live one', async () => {
    const services = testClusterServices(store, [live.host, blackhole.host]);
    health = startClusterHealth({
      store,
      connector: services.connector,
      logger: captureLogs().logger,
      intervalMs: 60_000,
      timeoutMs: 400,
    });
    await health.probeAll();

    const ready = store.clusters.get('live')?.status;
    expect(ready).toMatchObject({ ready: true, kubernetesVersion: 'v1.36.2', nodeCount: 3 });
    expect(ready?.conditions?.[0]).toMatchObject({ type: 'Ready', status: 'True' });
    expect(ready?.lastProbeTime).toBeDefined();
    expect(live.requests.every((r) => r.headers['impersonate-user'] === undefined)).toBe(true);

    const dead = store.clusters.get('dead')?.status;
    expect(dead).toMatchObject({ ready: false });
    expect(dead?.conditions?.[0]).toMatchObject({
      type: 'Ready',
      status: 'False',
      reason: 'Unreachable',
      message: 'no answer within 0.4 s',
    });
  });

  it('keeps the Ready transition time while the state does not change', async () => {
    const first = store.clusters.get('live')?.status?.conditions?.[0]?.lastTransitionTime;
    await health?.probeAll();
    const again = store.clusters.get('live')?.status;
    expect(again?.conditions?.[0]?.lastTransitionTime).toBe(first);
  });
});

describe('a newly registered cluster', () => {
  it('is probed within seconds, after its credentials Secret is written', async () => {
    const fresh = createMemoryStore();
    const services = testClusterServices(fresh, [live.host]);
    const prober = startClusterHealth({
      store: fresh,
      connector: services.connector,
      logger: captureLogs().logger,
      intervalMs: 60_000,
      timeoutMs: 400,
    });
    try {
      // Registration order: the Cluster first (the Secret's owner), then the Secret.
      await fresh.clusters.create({
        metadata: { name: 'late' },
        spec: {
          provider: 'ProviderKubeconfig',
          region: 'r1',
          credentialsSecretRef: { name: 'late-credentials', namespace: fresh.namespace },
        },
      });
      await fresh.secrets.create({
        name: 'late-credentials',
        data: {
          [credentialsKey]: JSON.stringify({ kubeconfig: tokenKubeconfig(live.url, 'tok') }),
        },
      });
      await expect
        .poll(() => fresh.clusters.get('late')?.status?.ready, { timeout: 3_000 })
        .toBe(true);
    } finally {
      prober.stop();
    }
  });
});

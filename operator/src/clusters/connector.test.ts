import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ClusterObject } from '../hub/store.js';
import { registerKubeconfigCluster, testClusterServices } from '../testing/clusters.js';
import type { FakeApiServer } from '../testing/fake-apiserver.js';
import { startFakeApiServer, tokenKubeconfig } from '../testing/fake-apiserver.js';
import { fakeClock } from '../testing/fake-clock.js';
import type { MemoryHubStore } from '../testing/memory-store.js';
import { createMemoryStore } from '../testing/memory-store.js';
import { credentialsUpdatedAnnotation } from './cluster-view.js';
import type { MemberRequester } from './member-client.js';

let member: FakeApiServer;
beforeEach(async () => {
  member = await startFakeApiServer({ gitVersion: 'v1.36.2', nodes: 2, token: 'tok' });
});
afterEach(async () => {
  await member.close();
});

/** A registered kubeconfig Cluster; `reads()` counts how often its credentials Secret was read. */
async function registered() {
  const store: MemoryHubStore = createMemoryStore();
  const cluster = await registerKubeconfigCluster(
    store,
    'alpha',
    tokenKubeconfig(member.url, 'tok'),
  );
  let reads = 0;
  const get = store.secrets.get.bind(store.secrets);
  store.secrets.get = async (name) => {
    reads += 1;
    return get(name);
  };
  const clock = fakeClock(Date.parse('2030-01-01T00:00:00Z'));
  const { connector } = testClusterServices(store, [member.host], 3_000, clock);
  return { store, cluster, connector, clock, reads: () => reads };
}

const nodes = async (calls: MemberRequester) =>
  (await calls.request({ path: '/api/v1/nodes' })).status;
const alice = { user: 'alice' };

const withAnnotation = (cluster: ClusterObject, value: string): ClusterObject => ({
  ...cluster,
  metadata: {
    ...cluster.metadata,
    annotations: { ...cluster.metadata.annotations, [credentialsUpdatedAnnotation]: value },
  },
});

describe('calls into a registered member (connector.for)', () => {
  it('reads the credentials Secret once for many user calls, on the pooled transport', async () => {
    const { cluster, connector, reads } = await registered();
    const first = await connector.for(cluster, alice);
    const second = await connector.for(cluster, alice);
    expect(await nodes(first)).toBe(200);
    expect(await nodes(second)).toBe(200);
    expect(reads()).toBe(1);
    // The operator's own calls read it every time, and share the same kept-alive connection.
    expect(await nodes(await connector.for(cluster, 'operator'))).toBe(200);
    expect(await nodes(await connector.for(cluster, 'operator'))).toBe(200);
    expect(reads()).toBe(3);
    expect(member.connections()).toBe(1);
  });

  it("impersonates the user on user calls and not on the operator's own", async () => {
    const { cluster, connector } = await registered();
    await nodes(await connector.for(cluster, alice));
    expect(member.requests.at(-1)?.headers['impersonate-user']).toBe('nimbus:alice');
    await nodes(await connector.for(cluster, 'operator'));
    expect(member.requests.at(-1)?.headers['impersonate-user']).toBeUndefined();
  });

  it('reads it again when the credentials changed through the API, or after five minutes', async () => {
    const { cluster, connector, clock, reads } = await registered();
    await connector.for(cluster, alice);
    await connector.for(withAnnotation(cluster, '2030-01-01T00:00:01Z'), alice);
    expect(reads()).toBe(2);
    const changed = withAnnotation(cluster, '2030-01-01T00:00:01Z');
    await connector.for(changed, alice);
    expect(reads()).toBe(2);
    clock.advance(5 * 60_000);
    await connector.for(changed, alice);
    expect(reads()).toBe(3);
  });

  it('reads it again after a failed read, and after the Cluster is forgotten', async () => {
    const { store, cluster, connector, reads } = await registered();
    const secret = store.secretRecords.get('alpha-credentials');
    store.secretRecords.delete('alpha-credentials');
    await expect(connector.for(cluster, alice)).rejects.toThrow(/credentials Secret is missing/);
    if (secret) store.secretRecords.set('alpha-credentials', secret);
    expect(await nodes(await connector.for(cluster, alice))).toBe(200);
    expect(reads()).toBe(2);
    connector.forget('alpha');
    await connector.for(cluster, alice);
    expect(reads()).toBe(3);
  });
});

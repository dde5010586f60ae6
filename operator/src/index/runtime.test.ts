import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { callsOf } from '../clusters/member-client.js';
import { createMemberTransport } from '../member/transport/transport.js';
import type { ClusterObject } from '../hub/store.js';
import { captureLogs } from '../testing/logs.js';
import type { MemoryHubStore } from '../testing/memory-store.js';
import { createMemoryStore } from '../testing/memory-store.js';
import { findIndexedKind, type IndexedKind } from './kinds.js';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { indexWritings, sourceWorkerOptions } from '../testing/index-writer.js';
import type { IndexWriter } from './index-writer.js';
import {
  createIndexRuntime,
  openIndexFiles,
  openIndexStore,
  type IndexRuntime,
} from './runtime.js';
import { IndexStore } from './store.js';
import { postgresWriter } from './postgres-store.js';
import type { TestIndexStore } from '../testing/index-stores.js';
import { closeIndexStores, openPostgresIndex } from '../testing/index-stores.js';
import { FakeApiServer, listPage, pod, watchStream } from './testing/fake-api-server.js';

const pods = findIndexedKind('pods') as IndexedKind;

async function until(
  check: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 5000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

// The operator writes SQLite through its worker thread, or the shared store's tables through its
// pool; tests and the in-process bench write SQLite in place.
const runtimeIndexes = [...indexWritings, 'on PostgreSQL'] as const;

describe.each(runtimeIndexes)('index runtime, writing %s', (writing) => {
  let server: FakeApiServer;
  let hub: MemoryHubStore;
  let index: TestIndexStore;
  let writer: IndexWriter | undefined;
  let dataDir: string | undefined;
  let runtime: IndexRuntime;
  const connected: string[] = [];
  // The members this replica holds (undefined: all, as without the shared store).
  let owned: Set<string> | undefined;
  const ownershipListeners = new Set<() => void>();
  const ownershipChanged = (clusters: string[]) => {
    owned = new Set(clusters);
    for (const listener of ownershipListeners) listener();
  };
  const forgotten: string[] = [];

  async function addCluster(name: string, ready: boolean): Promise<ClusterObject> {
    const cluster = await hub.clusters.create({
      metadata: { name },
      spec: {
        provider: 'ProviderKubeconfig',
        region: 'eu-west-1',
        credentialsSecretRef: { name: `${name}-kubeconfig`, namespace: 'nimbus-system' },
      },
    });
    if (ready) await hub.clusters.applyStatus(name, { ready: true });
    return cluster;
  }

  beforeEach(async () => {
    server = await FakeApiServer.start();
    hub = createMemoryStore();
    if (writing === 'in place') {
      index = IndexStore.open(':memory:');
    } else if (writing === 'on PostgreSQL') {
      const shared = await openPostgresIndex();
      index = shared;
      writer = postgresWriter(shared);
    } else {
      dataDir = mkdtempSync(join(tmpdir(), 'nimbus-index-'));
      ({ index, writer } = await openIndexFiles(dataDir, sourceWorkerOptions));
    }
    connected.length = 0;
    owned = undefined;
    ownershipListeners.clear();
    forgotten.length = 0;
    runtime = createIndexRuntime({
      index,
      ...(writer ? { writer } : {}),
      store: hub,
      connector: {
        for: (cluster, caller) => {
          connected.push(cluster.metadata.name);
          return Promise.resolve(
            callsOf(
              createMemberTransport({ server: server.url, auth: { token: 'operator-token' } }, [
                '127.0.0.1',
              ]),
              caller,
            ),
          );
        },
        forget: (name) => forgotten.push(name),
      },
      logger: captureLogs().logger,
      kinds: [pods],
      ownership: {
        owns: (name) => owned === undefined || owned.has(name),
        subscribe: (listener) => {
          ownershipListeners.add(listener);
          return () => ownershipListeners.delete(listener);
        },
      },
    });
  });

  afterEach(async () => {
    await runtime.stop({ close: true });
    await server.close();
    await closeIndexStores();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    writer = undefined;
    dataDir = undefined;
  });

  it('follows ready clusters only and forgets deleted ones', async () => {
    // A leftover of a cluster deleted while the operator was down.
    await index.upsert('gone', 'pods', [pod('old', '1')]);
    server.enqueue(listPage([pod('web-1', '5'), pod('web-2', '6')], '10'), watchStream([]));
    await addCluster('member-a', true);
    await addCluster('member-b', false);
    runtime.start();
    await until(async () => !(await index.clusters()).includes('gone'), 'the leftover dropped');
    await until(async () => (await index.count('member-a', 'pods')) === 2, 'member-a pods indexed');
    expect(runtime.following()).toEqual(['member-a']);
    expect(connected).not.toContain('member-b');
    expect(server.requests[0]).toMatchObject({
      path: '/api/v1/pods',
      authorization: 'Bearer operator-token',
    });

    await hub.clusters.delete('member-a');
    await until(() => runtime.following().length === 0, 'loops stopped');
    // The drop ends by forgetting the cluster's Cluster uid, after its rows went and the trigram
    // table was merged.
    await until(async () => !(await index.clusters()).includes('member-a'), 'member-a dropped');
    expect(await index.count('member-a')).toBe(0);
    expect(forgotten).toEqual(['member-a']);
  });

  it('shows nothing of an earlier Cluster of the same name, deleted and created again while no replica ran', async () => {
    const earlier = await addCluster('prod', true);
    await index.adoptCluster('prod', earlier.metadata.uid);
    await index.upsert('prod', 'pods', [pod('secret-of-the-old-one', '1')]);
    await hub.clusters.delete('prod');
    // The new one is not ready yet: its member may never answer, the old rows must go anyway.
    const next = await addCluster('prod', false);
    expect(next.metadata.uid).not.toBe(earlier.metadata.uid);
    runtime.start();
    await until(
      async () => (await index.adoptedBy('prod')) === next.metadata.uid,
      'the new Cluster adopted',
    );
    expect(await index.count('prod')).toBe(0);
    expect(runtime.following()).toEqual([]);
  });

  it('keeps the rows of the same Cluster across a restart', async () => {
    const cluster = await addCluster('prod', false);
    await index.adoptCluster('prod', cluster.metadata.uid);
    await index.upsert('prod', 'pods', [pod('web-1', '1')]);
    runtime.start();
    expect(await index.count('prod')).toBe(1);
  });

  it('syncs only the members this replica holds, and lets go of one another replica took', async () => {
    server.enqueue(listPage([pod('web-1', '5')], '10'), watchStream([]));
    owned = new Set(['member-b']);
    await addCluster('member-a', true);
    await addCluster('member-b', true);
    runtime.start();
    await until(async () => (await index.count('member-b', 'pods')) === 1, 'member-b indexed');
    expect(runtime.following()).toEqual(['member-b']);
    expect(connected).not.toContain('member-a');

    // member-b went to another replica, member-a came to this one.
    ownershipChanged(['member-a']);
    await until(() => runtime.following().join() === 'member-a', 'member-a followed alone');
    await until(() => connected.includes('member-a'), 'member-a connected');
    // The rows of a member another replica syncs stay: that one writes them.
    expect(await index.count('member-b', 'pods')).toBe(1);
  });

  it('starts following a cluster when it becomes ready', async () => {
    server.enqueue(listPage([pod('api-1', '3')], '4'), watchStream([]));
    await addCluster('member-b', false);
    runtime.start();
    expect(runtime.following()).toEqual([]);
    await hub.clusters.applyStatus('member-b', { ready: true });
    // The in-memory store's applyStatus does not notify (the hub informer does): re-apply.
    const current = hub.clusters.get('member-b') as ClusterObject;
    await hub.clusters.apply({ metadata: current.metadata, spec: current.spec });
    await until(async () => (await index.count('member-b', 'pods')) === 1, 'member-b pods indexed');
  });
});

describe('the index file', () => {
  it('is opened in a data directory that does not exist yet, made private', () => {
    const parent = mkdtempSync(join(tmpdir(), 'nimbus-index-'));
    try {
      const dir = join(parent, 'data');
      const store = openIndexStore(dir);
      store.close();
      expect(existsSync(join(dir, 'index.sqlite'))).toBe(true);
      expect(statSync(dir).mode & 0o777).toBe(0o700);
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Registry } from 'prom-client';
import type { MemberCalls } from '../clusters/member-client.js';
import { callsOf } from '../clusters/member-client.js';
import { createMemberTransport } from '../member/transport/transport.js';
import { captureLogs } from '../testing/logs.js';
import { createMemoryStore } from '../testing/memory-store.js';
import { ConnectionTransport } from './connection-transport.js';
import { findIndexedKind, type IndexedKind } from './kinds.js';
import { createIndexMetrics } from './metrics.js';
import { createIndexRuntime } from './runtime.js';
import { IndexStore } from './store.js';
import { WatchLoop } from './watch-loop.js';
import {
  bookmark,
  FakeApiServer,
  listPage,
  pod,
  status,
  watchStream,
} from './testing/fake-api-server.js';

const pods = findIndexedKind('pods') as IndexedKind;

async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Every sample of a metric as `labels=value`, labels in name order, sorted. */
async function samples(registry: Registry, name: string): Promise<string[]> {
  const metric = registry.getSingleMetric(name);
  if (!metric) throw new Error(`metric ${name} is not registered`);
  const { values } = await metric.get();
  return values
    .map(({ labels, value }) => {
      const keys = Object.keys(labels).sort();
      return `${keys.map((key) => `${key}:${labels[key]}`).join(',')}=${value}`;
    })
    .sort();
}

function connectionTo(server: FakeApiServer): () => Promise<MemberCalls> {
  const transport = createMemberTransport(
    { server: server.url, auth: { token: 'operator-token' } },
    ['127.0.0.1'],
  );
  return () => Promise.resolve(callsOf(transport, 'operator'));
}

describe('index metrics', () => {
  let server: FakeApiServer;
  let store: IndexStore;
  let registry: Registry;

  beforeEach(async () => {
    server = await FakeApiServer.start();
    store = IndexStore.open(':memory:');
    registry = new Registry();
  });
  afterEach(async () => {
    await server.close();
    store.close();
  });

  it('counts lists, events, restarts by reason, objects and sync state of a loop', async () => {
    server.enqueue(
      listPage([pod('a', '5'), pod('b', '6')], '10'),
      watchStream([
        { type: 'ADDED', object: pod('c', '11') },
        { type: 'DELETED', object: pod('b', '12') },
        bookmark('20'),
        { type: 'ERROR', object: { kind: 'Status', code: 410, message: 'too old' } },
      ]),
      listPage([pod('a', '5'), pod('c', '11'), pod('d', '25')], '30'),
      watchStream([{ type: 'MODIFIED', object: pod('d', '31') }], true),
      status(500),
    );
    const metrics = createIndexMetrics({
      registry,
      counts: async () => store.objectCounts(),
      now: () => 1_700_000_000_000,
    });
    const loop = new WatchLoop({
      cluster: 'm',
      kind: pods,
      transport: new ConnectionTransport(connectionTo(server)),
      sink: store,
      observer: metrics.observer('m', 'pods'),
      backoff: { baseMs: 60_000, random: () => 1 },
    });
    expect(await samples(registry, 'nimbus_index_synced')).toEqual(['cluster:m,kind:pods=0']);
    loop.start();
    await until(() => loop.stats.failures === 1, 'the 500 after the closed watch');

    expect(await samples(registry, 'nimbus_index_objects')).toEqual(['cluster:m,kind:pods=3']);
    expect(await samples(registry, 'nimbus_index_events_total')).toEqual(['cluster:m,kind:pods=3']);
    expect(await samples(registry, 'nimbus_index_relists_total')).toEqual([
      'cluster:m,kind:pods,reason:expired=1',
      'cluster:m,kind:pods,reason:initial=1',
    ]);
    expect(await samples(registry, 'nimbus_index_watch_restarts_total')).toEqual([
      'cluster:m,kind:pods,reason:closed=1',
      'cluster:m,kind:pods,reason:error=1',
      'cluster:m,kind:pods,reason:expired=1',
    ]);
    // The loop is backing off after the 500: not in sync until a list or watch answers again.
    expect(await samples(registry, 'nimbus_index_synced')).toEqual(['cluster:m,kind:pods=0']);
    expect(await samples(registry, 'nimbus_index_last_event_timestamp_seconds')).toEqual([
      'cluster:m,kind:pods=1700000000',
    ]);
    await loop.stop();

    metrics.forget('m');
    for (const name of ['nimbus_index_objects', 'nimbus_index_relists_total']) {
      expect(await samples(registry, name)).toEqual([]);
    }
  });

  it('are exported by the runtime for each followed cluster and dropped with it', async () => {
    server.enqueue(listPage([pod('web-1', '5')], '10'), watchStream([bookmark('11')]));
    const hub = createMemoryStore();
    await hub.clusters.create({
      metadata: { name: 'member-a' },
      spec: {
        provider: 'ProviderKubeconfig',
        region: 'eu-west-1',
        credentialsSecretRef: { name: 'member-a-kubeconfig', namespace: 'nimbus-system' },
      },
    });
    await hub.clusters.applyStatus('member-a', { ready: true });
    const runtime = createIndexRuntime({
      index: store,
      store: hub,
      connector: { for: connectionTo(server), forget: () => undefined },
      logger: captureLogs().logger,
      kinds: [pods],
      metrics: createIndexMetrics({ registry, counts: async () => store.objectCounts() }),
    });
    runtime.start();
    try {
      await until(
        async () =>
          (await samples(registry, 'nimbus_index_synced')).join() ===
          'cluster:member-a,kind:pods=1',
        'member-a in sync',
      );
      expect(await samples(registry, 'nimbus_index_objects')).toEqual([
        'cluster:member-a,kind:pods=1',
      ]);
      const exposition = await registry.metrics();
      expect(exposition).toContain(
        'nimbus_index_relists_total{cluster="member-a",kind="pods",reason="initial"} 1',
      );
      await hub.clusters.delete('member-a');
      await until(
        async () => (await samples(registry, 'nimbus_index_objects')).length === 0,
        'member-a series dropped',
      );
    } finally {
      await runtime.stop();
    }
  });
});

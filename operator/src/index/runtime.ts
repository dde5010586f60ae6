// Keeps the index following every ready member: one WatchLoop per (cluster, kind) on every
// replica, over the operator's own connection to the member. Loops start when a Cluster is
// ready, restart when its connection settings change, and stop (and the cluster's rows go)
// when it is deleted. Rows are tied to the Cluster's uid, so a Cluster deleted and created again
// under the same name (also while no replica ran) never shows its predecessor's objects.
import { join } from 'node:path';
import { credentialsUpdatedAnnotation } from '../clusters/cluster-view.js';
import type { ClusterConnector } from '../clusters/connector.js';
import type { ClusterObject, HubStore } from '../hub/store.js';
import type { Logger } from '../logger.js';
import { ConnectionTransport } from './connection-transport.js';
import { indexedKinds, type IndexedKind } from './kinds.js';
import type { IndexMetrics } from './metrics.js';
import { IndexStore } from './store.js';
import { WatchLoop, type WatchLoopOptions } from './watch-loop.js';

export const indexFileName = 'index.sqlite';

type LoopTuning = Partial<
  Pick<WatchLoopOptions, 'pageSize' | 'stallTimeoutMs' | 'watchTimeoutSeconds' | 'backoff'>
>;

export interface IndexRuntimeOptions {
  index: IndexStore;
  store: Pick<HubStore, 'clusters'>;
  connector: Pick<ClusterConnector, 'transportFor' | 'forget'>;
  logger: Logger;
  /** Deadline of the connect (vendor token, SSRF check) before each list or watch. */
  connectTimeoutMs?: number;
  kinds?: readonly IndexedKind[];
  tuning?: LoopTuning;
  /** Per-loop series on the operator's /metrics (operator/src/index/metrics.ts). */
  metrics?: IndexMetrics;
}

export interface IndexRuntime {
  readonly index: IndexStore;
  /** Once the hub caches are synced: follow the ready clusters and forget deleted ones. */
  start(): void;
  /** Stops every loop; `close` also closes the database. */
  stop(options?: { close?: boolean }): Promise<void>;
  /** Cluster names with running loops (for tests and metrics). */
  following(): string[];
}

interface Followed {
  /** Changes of this key (uid, generation, credentials) restart the loops. */
  key: string;
  loops: WatchLoop[];
}

function isReady(cluster: ClusterObject): boolean {
  return cluster.status?.ready === true && !cluster.metadata.deletionTimestamp;
}

function followKey(cluster: ClusterObject): string {
  const { uid, generation, annotations } = cluster.metadata;
  return `${uid}/${generation ?? 0}/${annotations?.[credentialsUpdatedAnnotation] ?? ''}`;
}

/** Opens `<dataDir>/index.sqlite` (WAL). */
export function openIndexStore(dataDir: string): IndexStore {
  return IndexStore.open(join(dataDir, indexFileName));
}

export function createIndexRuntime(options: IndexRuntimeOptions): IndexRuntime {
  const { index, store, connector } = options;
  const kinds = options.kinds ?? indexedKinds;
  const log = options.logger.child({ component: 'index' });
  const followed = new Map<string, Followed>();
  // Clusters whose rows are being dropped (paced, so it takes a while): a Cluster of that name
  // created meanwhile is followed only once they are gone, or the drop would take its rows too.
  const dropping = new Map<string, Promise<void>>();
  let unsubscribe: (() => void) | undefined;
  let stopped = false;

  function startLoops(name: string): WatchLoop[] {
    const transport = new ConnectionTransport(() => {
      const current = store.clusters.get(name);
      if (!current) return Promise.reject(new Error(`cluster ${name} is gone`));
      return connector.transportFor(current);
    }, options.connectTimeoutMs);
    return kinds.map((kind) => {
      let lastError = '';
      const loop = new WatchLoop({
        cluster: name,
        kind,
        transport,
        sink: index,
        ...options.tuning,
        ...(options.metrics ? { observer: options.metrics.observer(name, kind.name) } : {}),
        onError: (error) => {
          const message = error instanceof Error ? error.message : String(error);
          // One line per new failure reason, not one per retry.
          if (message === lastError) return;
          lastError = message;
          log.warn({ cluster: name, kind: kind.name, reason: message }, 'index loop failed');
        },
      });
      loop.start();
      return loop;
    });
  }

  async function stopLoops(name: string): Promise<void> {
    const current = followed.get(name);
    followed.delete(name);
    if (current) await Promise.all(current.loops.map((loop) => loop.stop()));
  }

  /** Drops the rows of `name` once `before` (its loops stopping) and any earlier drop are done. */
  function dropRows(name: string, before: Promise<void> = Promise.resolve()): Promise<void> {
    const dropped = (dropping.get(name) ?? Promise.resolve())
      .then(() => before)
      .then(() => index.dropCluster(name))
      .catch((error: unknown) => log.error({ err: error, cluster: name }, 'rows not dropped'))
      .finally(() => {
        if (dropping.get(name) !== dropped) return;
        dropping.delete(name);
        const current = store.clusters.get(name);
        if (current && !stopped) reconcileCluster(current);
      });
    dropping.set(name, dropped);
    return dropped;
  }

  function reconcileCluster(cluster: ClusterObject): void {
    const name = cluster.metadata.name;
    if (dropping.has(name)) return; // reconciled again once the rows are gone
    const current = followed.get(name);
    const key = followKey(cluster);
    if (current && current.key !== key) {
      const sameCluster = current.key.split('/')[0] === cluster.metadata.uid;
      void stopLoops(name).then(() => {
        if (!sameCluster) index.adoptCluster(name, cluster.metadata.uid);
        if (!stopped) reconcileCluster(store.clusters.get(name) ?? cluster);
      });
      return;
    }
    // Rows a Cluster of this name left behind (deleted while no replica ran) are dropped here,
    // ready or not, before anything of this one is listed.
    if (!current && index.adoptCluster(name, cluster.metadata.uid)) {
      log.info({ cluster: name }, 'rows of an earlier cluster of that name removed');
    }
    if (!current && isReady(cluster)) {
      log.info({ cluster: name }, 'indexing cluster');
      followed.set(name, { key, loops: startLoops(name) });
    }
  }

  async function forget(name: string): Promise<void> {
    // The Cluster is gone: its pooled member connection goes with it once its loops stopped.
    await dropRows(
      name,
      stopLoops(name).then(() => connector.forget(name)),
    );
    options.metrics?.forget(name);
    log.info({ cluster: name }, 'cluster removed from the index');
  }

  return {
    index,
    start() {
      if (unsubscribe || stopped) return;
      unsubscribe = store.clusters.subscribe((type, cluster) => {
        if (stopped) return;
        if (type === 'delete') void forget(cluster.metadata.name);
        else reconcileCluster(cluster);
      });
      const known = new Set(store.clusters.list().map((c) => c.metadata.name));
      for (const name of index.clusters()) if (!known.has(name)) void dropRows(name);
      // Clusters that still exist by name but may be new ones are checked by uid in reconcileCluster.
      for (const cluster of store.clusters.list()) reconcileCluster(cluster);
    },
    async stop({ close = false } = {}) {
      stopped = true;
      unsubscribe?.();
      await Promise.all([...followed.keys()].map(stopLoops));
      await Promise.all(dropping.values());
      if (close) index.close();
    },
    following: () => [...followed.keys()].sort(),
  };
}

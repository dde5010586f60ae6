// Keeps the index following every ready member: one WatchLoop per (cluster, kind) on every
// replica, over the operator's own connection to the member. Loops start when a Cluster is
// ready, restart when its connection settings change, and stop (and the cluster's rows go)
// when it is deleted. Rows are tied to the Cluster's uid, so a Cluster deleted and created again
// under the same name (also while no replica ran) never shows its predecessor's objects.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { credentialsUpdatedAnnotation } from '../clusters/cluster-view.js';
import type { ClusterConnector } from '../clusters/connector.js';
import type { ClusterObject, HubStore } from '../hub/store.js';
import type { Logger } from '../logger.js';
import { ConnectionTransport } from './connection-transport.js';
import { indexedKinds, type IndexedKind } from './kinds.js';
import type { IndexMetrics } from './metrics.js';
import { ChangeFeed } from './change-feed.js';
import { publishingSink } from './publishing-sink.js';
import {
  inPlaceWriter,
  openWorkerWriter,
  type IndexWriter,
  type WorkerWriterOptions,
} from './index-writer.js';
import type { MemberOwnership } from './member-ownership.js';
import type { IndexReader } from './reader.js';
import { IndexStore } from './store.js';
import { RelistGate } from './relist-gate.js';
import { WatchLoop, type WatchLoopOptions } from './watch-loop.js';

export const indexFileName = 'index.sqlite';
/** Relists of fewer objects are not logged (every loop lists at start). */
const relistWorthLogging = 1000;

type LoopTuning = Partial<
  Pick<WatchLoopOptions, 'pageSize' | 'stallTimeoutMs' | 'watchTimeoutSeconds' | 'backoff'>
>;

export interface IndexRuntimeOptions {
  /**
   * Read by the runtime (which clusters have rows) and by the operator's lists and searches:
   * this replica's SQLite file, or the shared store's tables (postgres-store.ts).
   */
  index: IndexReader & { close(): void | Promise<void> };
  /** Where the loops and the runtime write; in place when not given, if `index` is SQLite's. */
  writer?: IndexWriter;
  store: Pick<HubStore, 'clusters'>;
  connector: Pick<ClusterConnector, 'for' | 'forget'>;
  logger: Logger;
  /** Deadline of the connect (vendor token, SSRF check) before each list or watch. */
  connectTimeoutMs?: number;
  kinds?: readonly IndexedKind[];
  tuning?: LoopTuning;
  /** Per-loop series on the operator's /metrics (operator/src/index/metrics.ts). */
  metrics?: IndexMetrics;
  /** Where the loops' writes are told (a new feed when not given). */
  changes?: ChangeFeed;
  /**
   * Where the loops' writes are told, when not the feed itself: with the shared store, the
   * database, which tells every replica's feed (shared-changes.ts).
   */
  publish?: Pick<ChangeFeed, 'publish'>;
  /**
   * With the shared store, the members this replica syncs (member-ownership.ts); the others'
   * rows are written by their holders. Without it, every ready member.
   */
  ownership?: Pick<MemberOwnership, 'owns' | 'subscribe'>;
}

export interface IndexRuntime {
  /** What the operator's lists, searches and cost job read. */
  readonly index: IndexReader;
  /** Every write of the loops, once it is in the index: the live lists' source. */
  readonly changes: ChangeFeed;
  /** Once the hub caches are synced: follow the ready clusters and forget deleted ones. */
  start(): void;
  /** Stops every loop; `close` also closes the writer and the database. */
  stop(options?: { close?: boolean }): Promise<void>;
  /** Cluster names with running loops (for tests and metrics). */
  following(): string[];
}

interface Followed {
  /** Changes of this key (uid, generation, credentials) restart the loops. */
  key: string;
  loops: WatchLoop[];
}

export function isReady(cluster: ClusterObject): boolean {
  return cluster.status?.ready === true && !cluster.metadata.deletionTimestamp;
}

function followKey(cluster: ClusterObject): string {
  const { uid, generation, annotations } = cluster.metadata;
  return `${uid}/${generation ?? 0}/${annotations?.[credentialsUpdatedAnnotation] ?? ''}`;
}

/**
 * `<dataDir>/index.sqlite` (WAL), creating the directory (0700) when missing: with the audit
 * trail on the shared store, nothing else makes it.
 */
function indexFileIn(dataDir: string): string {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  return join(dataDir, indexFileName);
}

/** The index read and written in place (one connection, writes on the calling thread). */
export function openIndexStore(dataDir: string): IndexStore {
  return IndexStore.open(indexFileIn(dataDir));
}

/**
 * The operator's index: a write worker owns the file (index-writer.ts) and the main thread reads
 * through its own connection, opened once the worker has made the schema.
 */
export async function openIndexFiles(
  dataDir: string,
  options?: WorkerWriterOptions,
): Promise<{ index: IndexStore; writer: IndexWriter }> {
  const path = indexFileIn(dataDir);
  const writer = await openWorkerWriter(path, options);
  return { index: IndexStore.open(path, { readsOnly: true }), writer };
}

function inPlaceWriterOf(index: IndexRuntimeOptions['index']): IndexWriter {
  if (index instanceof IndexStore) return inPlaceWriter(index);
  throw new Error('the index runtime needs the writer of an index other than SQLite');
}

export function createIndexRuntime(options: IndexRuntimeOptions): IndexRuntime {
  const { index, store, connector } = options;
  const kinds = options.kinds ?? indexedKinds;
  const log = options.logger.child({ component: 'index' });
  const changes = options.changes ?? new ChangeFeed();
  const writer = options.writer ?? inPlaceWriterOf(index);
  const publish = options.publish ?? changes;
  const sink = publishingSink(writer, publish);
  // The loops share the one writer: its large relists are written one at a time.
  const largeRelists = new RelistGate();
  const owns = (name: string): boolean => options.ownership?.owns(name) ?? true;
  /** A cluster's rows came or went wholesale: each kind's lists read again. */
  const tellRelisted = (name: string): void =>
    publish.publish(
      kinds.map((kind) => ({
        cluster: name,
        kind: kind.name,
        namespace: '',
        name: '',
        type: 'relist',
      })),
    );
  const followed = new Map<string, Followed>();
  // Names whose rows are being dropped or adopted (settle).
  const settling = new Map<string, Promise<void>>();
  // Names whose recorded Cluster uid is being read (checkAdoption).
  const checking = new Map<string, Promise<void>>();
  // The drop of rows of Clusters deleted while no replica ran (start).
  let leftovers: Promise<void> = Promise.resolve();
  let unsubscribe: (() => void) | undefined;
  let stopped = false;

  function startLoops(name: string): WatchLoop[] {
    const transport = new ConnectionTransport(() => {
      const current = store.clusters.get(name);
      if (!current) return Promise.reject(new Error(`cluster ${name} is gone`));
      return connector.for(current, 'operator');
    }, options.connectTimeoutMs);
    return kinds.map((kind) => {
      let lastError = '';
      const loop = new WatchLoop({
        cluster: name,
        kind,
        transport,
        sink,
        ...options.tuning,
        ...(options.metrics ? { observer: options.metrics.observer(name, kind.name) } : {}),
        largeRelists,
        onRelisted: ({ objects, pages, ms, waitingMs, queuedMs }) => {
          if (objects < relistWorthLogging) return;
          const seconds = (value: number) => Math.round(value) / 1000;
          log.info(
            {
              cluster: name,
              kind: kind.name,
              objects,
              pages,
              seconds: seconds(ms),
              waitingSeconds: seconds(waitingMs),
              queuedSeconds: seconds(queuedMs),
            },
            'index relist written',
          );
        },
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

  /**
   * Runs `work` on the rows of `name` (paced, so it takes a while) after any earlier work on
   * them; the name's Cluster is reconciled again once it is done, not meanwhile, so rows being
   * dropped are never those of loops started in between.
   */
  function settle(name: string, work: () => Promise<unknown>): Promise<void> {
    const done: Promise<void> = (settling.get(name) ?? Promise.resolve())
      .then(work)
      .then(
        () => undefined,
        (error: unknown) => log.error({ err: error, cluster: name }, 'index rows not updated'),
      )
      .finally(() => {
        if (settling.get(name) !== done) return;
        settling.delete(name);
        const current = store.clusters.get(name);
        if (current && !stopped) reconcileCluster(current);
      });
    settling.set(name, done);
    return done;
  }

  /** Rows a Cluster of this name left behind (deleted while no replica ran) are dropped. */
  async function adopt(name: string, uid: string): Promise<void> {
    if (await writer.adoptCluster(name, uid)) {
      tellRelisted(name);
      log.info({ cluster: name }, 'rows of an earlier cluster of that name removed');
    }
  }

  function reconcileCluster(cluster: ClusterObject): void {
    const name = cluster.metadata.name;
    const uid = cluster.metadata.uid;
    if (settling.has(name) || checking.has(name)) return;
    const current = followed.get(name);
    const key = followKey(cluster);
    if (current && !owns(name)) {
      // Another replica syncs it now: its rows stay, written by that one.
      void settle(name, () => stopLoops(name));
      return;
    }
    if (current && current.key !== key) {
      const stopping = stopLoops(name);
      void settle(name, () => stopping.then(() => adopt(name, uid)));
      return;
    }
    if (!current) {
      // Through a turn, so that the name is in `checking` before checkAdoption takes it out.
      const done = Promise.resolve(name)
        .then(checkAdoption)
        .catch((error: unknown) =>
          log.error({ err: error, cluster: name }, 'index rows not checked'),
        );
      checking.set(name, done);
    }
  }

  /**
   * Ready or not, nothing of a Cluster is listed before an earlier one's rows are gone. The index
   * may answer later (PostgreSQL): events of the name that come meanwhile are skipped, and the
   * Cluster as it is once the answer is in is the one adopted or followed.
   */
  async function checkAdoption(name: string): Promise<void> {
    let recorded: string | undefined;
    try {
      recorded = await index.adoptedBy(name);
    } finally {
      checking.delete(name);
    }
    const cluster = store.clusters.get(name);
    // Deleted meanwhile (forget drops its rows), or taken care of by another event of the name.
    if (!cluster || stopped || settling.has(name) || followed.has(name)) return;
    const uid = cluster.metadata.uid;
    if (recorded !== uid) {
      void settle(name, () => adopt(name, uid));
    } else if (isReady(cluster) && owns(name)) {
      log.info({ cluster: name }, 'indexing cluster');
      followed.set(name, { key: followKey(cluster), loops: startLoops(name) });
    }
  }

  /** Rows of Clusters deleted while no replica ran are dropped. */
  async function dropLeftovers(): Promise<void> {
    const indexed = await index.clusters();
    if (stopped) return;
    // Read after the index answered: a Cluster created meanwhile keeps its rows.
    const known = new Set(store.clusters.list().map((c) => c.metadata.name));
    for (const name of indexed) {
      if (!known.has(name)) void settle(name, () => writer.dropCluster(name));
    }
  }

  async function forget(name: string): Promise<void> {
    // The Cluster is gone: its pooled member connection goes with it once its loops stopped.
    const stopping = stopLoops(name).then(() => connector.forget(name));
    await settle(name, () => stopping.then(() => writer.dropCluster(name)));
    tellRelisted(name);
    options.metrics?.forget(name);
    log.info({ cluster: name }, 'cluster removed from the index');
  }

  return {
    index,
    changes,
    start() {
      if (unsubscribe || stopped) return;
      unsubscribe = store.clusters.subscribe((type, cluster) => {
        if (stopped) return;
        if (type === 'delete') void forget(cluster.metadata.name);
        else reconcileCluster(cluster);
      });
      const unsubscribeOwnership = options.ownership?.subscribe(() => {
        if (stopped) return;
        for (const cluster of store.clusters.list()) reconcileCluster(cluster);
      });
      const unsubscribeClusters = unsubscribe;
      unsubscribe = () => {
        unsubscribeClusters();
        unsubscribeOwnership?.();
      };
      leftovers = dropLeftovers().catch((error: unknown) =>
        log.error({ err: error }, 'index rows of deleted clusters not dropped'),
      );
      // Clusters that still exist by name but may be new ones are checked by uid in reconcileCluster.
      for (const cluster of store.clusters.list()) reconcileCluster(cluster);
    },
    async stop({ close = false } = {}) {
      stopped = true;
      unsubscribe?.();
      // Checks and drops under way start nothing once stopped, but they read the index.
      await Promise.all([leftovers, ...checking.values()]);
      await Promise.all([...followed.keys()].map(stopLoops));
      await Promise.all(settling.values());
      if (close) {
        changes.close();
        await writer.close();
        await index.close();
      }
    },
    following: () => [...followed.keys()].sort(),
  };
}

// Syncing the members with the shared store: the members divided between replicas by Lease
// (member-ownership.ts), every replica's change feed told of every write through the database
// (shared-changes.ts), and each Cluster's status saying who syncs it (sync-status.ts). SQLite mode needs neither: each replica syncs every member
// into its own file (docs/decisions/member-ownership.md).
import type pg from 'pg';
import type { HubStore } from '../hub/store.js';
import type { Logger } from '../logger.js';
import { postgresLocation, type PostgresConnection } from '../postgres/pool.js';
import { ChangeFeed } from './change-feed.js';
import type { PostgresIndexStore } from './postgres-store.js';
import type { ObjectCount } from './store.js';
import { indexedKinds } from './kinds.js';
import { createMemberOwnership, storeScope, type MemberOwnership } from './member-ownership.js';
import { isReady } from './runtime.js';
import { createSyncStatus, syncStatusManager, type SyncStatus } from './sync-status.js';
import { listenForChanges, notifyingPublisher, type ChangeListener } from './shared-changes.js';

export interface SharedSync {
  ownership: MemberOwnership;
  /** Each held Cluster's status.index (sync-status.ts), fed by the loops' observers. */
  status: SyncStatus;
  /** This replica's feed, told of every replica's writes. */
  changes: ChangeFeed;
  /** Where this replica's loops tell their writes. */
  publish: Pick<ChangeFeed, 'publish'>;
  /** `/metrics`' object counts: of the members this replica syncs only. */
  counts(): Promise<ObjectCount[]>;
  /** Once the hub's caches are synced: take a fair share of the members. */
  start(): void;
  /** Gives the members up (the others take them at once) and stops listening. */
  stop(): Promise<void>;
}

export interface SharedSyncOptions {
  pool: pg.Pool;
  index: Pick<PostgresIndexStore, 'objectCounts'>;
  connection: PostgresConnection;
  store: Pick<HubStore, 'clusters' | 'leases'>;
  /** Unique per replica: the pod name, or host and pid (as the controllers' Lease). */
  identity: string;
  logger: Logger;
}

export function createSharedSync(options: SharedSyncOptions): SharedSync {
  const { store, logger } = options;
  const changes = new ChangeFeed();
  const ownership = createMemberOwnership({
    leases: store.leases,
    identity: options.identity,
    scope: storeScope(postgresLocation(options.connection.url)),
    clusters: () =>
      store.clusters
        .list()
        .filter(isReady)
        .map((c) => c.metadata.name),
    logger,
  });
  const status = createSyncStatus({
    write: (cluster, index) => store.clusters.modifyStatus(cluster, syncStatusManager, () => index),
    identity: options.identity,
    ownership,
    logger,
  });
  let listener: ChangeListener | undefined;
  return {
    ownership,
    status,
    changes,
    publish: notifyingPublisher(options.pool, logger),
    counts: () => options.index.objectCounts(ownership.owned()),
    start() {
      listener ??= listenForChanges({
        connection: options.connection,
        feed: changes,
        logger,
        onGap: () =>
          changes.publish(
            store.clusters.list().flatMap((cluster) =>
              indexedKinds.map((kind) => ({
                cluster: cluster.metadata.name,
                kind: kind.name,
                namespace: '',
                name: '',
                type: 'relist' as const,
              })),
            ),
          ),
      });
      ownership.start();
      status.start();
    },
    async stop() {
      status.stop();
      await ownership.stop();
      await listener?.close();
    },
  };
}

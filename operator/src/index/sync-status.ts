// What a Cluster says of its sync with the shared store: which replica syncs it, whether every
// kind's loop is answered, and the last event heard of the kind heard least recently, so that
// `kubectl get clusters -o wide` shows who syncs what and how far behind it may be. Written by
// the holder of the member's Lease only, under a field manager of its own, so the probe's status
// fields are left alone (docs/decisions/member-ownership.md).
import type { Clock } from '../core/clock.js';
import { realClock } from '../core/clock.js';
import type { Logger } from '../logger.js';
import type { IndexMetrics } from './metrics.js';
import type { MemberOwnership } from './member-ownership.js';
import type { WatchLoopObserver } from './watch-loop.js';

export const syncStatusManager = 'nimbus-index';
/** lastEventTime is brought up to date this often; a change of replica or of synced at once. */
export const defaultSyncStatusRefreshMs = 60_000;

export interface IndexSyncStatus {
  replica: string;
  since: string;
  synced: boolean;
  lastEventTime?: string;
}

export interface SyncStatusOptions {
  /** Applies `{ index }` to the Cluster's status under `syncStatusManager`. */
  write: (cluster: string, status: { index: IndexSyncStatus }) => Promise<unknown>;
  identity: string;
  ownership: Pick<MemberOwnership, 'owned' | 'subscribe'>;
  logger: Logger;
  clock?: Clock;
  refreshMs?: number;
}

export interface SyncStatus {
  /** Follows the loop of (cluster, kind) beside `inner` (the /metrics observer). */
  observer(cluster: string, kind: string, inner?: WatchLoopObserver): WatchLoopObserver;
  forget(cluster: string): void;
  start(): void;
  stop(): void;
}

interface KindState {
  synced: boolean;
  heardAt: number | undefined;
}

const iso = (ms: number): string => new Date(ms).toISOString();

export function createSyncStatus(options: SyncStatusOptions): SyncStatus {
  const clock = options.clock ?? realClock;
  const refreshMs = options.refreshMs ?? defaultSyncStatusRefreshMs;
  const log = options.logger.child({ component: 'index-sync-status' });
  const kinds = new Map<string, Map<string, KindState>>();
  const since = new Map<string, number>();
  // What was last written of each cluster: the status but its time, and the time.
  const written = new Map<string, { state: string; time: string | undefined }>();
  let timer: unknown;
  let unsubscribe: (() => void) | undefined;
  let stopped = false;

  function statusOf(cluster: string, held: number): IndexSyncStatus {
    const states = [...(kinds.get(cluster)?.values() ?? [])];
    const heard = states.map((state) => state.heardAt);
    const everyHeard = heard.length > 0 && heard.every((at) => at !== undefined);
    return {
      replica: options.identity,
      since: iso(held),
      synced: states.length > 0 && states.every((state) => state.synced),
      ...(everyHeard ? { lastEventTime: iso(Math.min(...(heard as number[]))) } : {}),
    };
  }

  /** Writes what changed; `refresh` also writes a newer lastEventTime alone. */
  function report(cluster: string, refresh = false): void {
    const held = since.get(cluster);
    if (held === undefined || stopped) return;
    const status = statusOf(cluster, held);
    const { lastEventTime: time, ...state } = status;
    const stateKey = JSON.stringify(state);
    const previous = written.get(cluster);
    const newerTime = refresh && previous?.time !== time;
    if (previous?.state === stateKey && !newerTime) return;
    written.set(cluster, { state: stateKey, time });
    options.write(cluster, { index: status }).catch((error: unknown) => {
      written.delete(cluster);
      log.warn({ err: error, cluster }, 'index sync status not written');
    });
  }

  function ownershipChanged(): void {
    const owned = new Set(options.ownership.owned());
    for (const cluster of [...since.keys()]) {
      if (owned.has(cluster)) continue;
      since.delete(cluster);
      written.delete(cluster);
    }
    for (const cluster of owned) {
      if (since.has(cluster)) continue;
      since.set(cluster, clock.now());
      report(cluster);
    }
  }

  function stateOf(cluster: string, kind: string): KindState {
    let ofCluster = kinds.get(cluster);
    if (!ofCluster) kinds.set(cluster, (ofCluster = new Map()));
    let state = ofCluster.get(kind);
    if (!state) ofCluster.set(kind, (state = { synced: false, heardAt: undefined }));
    return state;
  }

  return {
    observer(cluster, kind, inner) {
      // A new loop of the kind: nothing of the one before counts.
      const state = stateOf(cluster, kind);
      state.synced = false;
      state.heardAt = undefined;
      return {
        listed: (reason) => inner?.listed(reason),
        applied: (events) => inner?.applied(events),
        heard: () => {
          state.heardAt = clock.now();
          inner?.heard();
        },
        restarted: (reason) => inner?.restarted(reason),
        synced: (synced) => {
          inner?.synced(synced);
          if (state.synced === synced) return;
          state.synced = synced;
          report(cluster);
        },
      };
    },
    forget(cluster) {
      kinds.delete(cluster);
      written.delete(cluster);
    },
    start() {
      unsubscribe ??= options.ownership.subscribe(ownershipChanged);
      ownershipChanged();
      const next = () => {
        if (stopped) return;
        timer = clock.setTimeout(() => {
          for (const cluster of since.keys()) report(cluster, true);
          next();
        }, refreshMs);
      };
      next();
    },
    stop() {
      stopped = true;
      unsubscribe?.();
      if (timer !== undefined) clock.clearTimeout(timer);
    },
  };
}

/** The /metrics observers with the sync status following the same loops. */
export function withSyncStatus(metrics: IndexMetrics, status: SyncStatus): IndexMetrics {
  return {
    observer: (cluster, kind) => status.observer(cluster, kind, metrics.observer(cluster, kind)),
    forget(cluster) {
      metrics.forget(cluster);
      status.forget(cluster);
    },
  };
}

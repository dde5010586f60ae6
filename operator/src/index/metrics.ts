// Prometheus series of the index loops, per member cluster and kind, on the operator's /metrics
// registry. The object counts are read from the store at scrape time so they never drift, in one
// grouped query that the operator runs in the index's write worker: at a million rows, a count
// per series on the main thread held the event loop for hundreds of milliseconds per scrape.
import { Counter, Gauge, type Registry } from 'prom-client';
import type { ObjectCount } from './store.js';
import type { RelistReason, WatchLoopObserver, WatchRestartReason } from './watch-loop.js';

export interface IndexMetrics {
  /** The observer handed to the loop of (cluster, kind); its series appear at once. */
  observer(cluster: string, kind: string): WatchLoopObserver;
  /** Drops every series of a cluster that left the index. */
  forget(cluster: string): void;
}

export interface IndexMetricsOptions {
  registry: Registry;
  /** Objects per (cluster, kind) now (`IndexWriter.objectCounts`). */
  counts: () => Promise<readonly ObjectCount[]>;
  now?: () => number;
}

type Labels = { cluster: string; kind: string };

export function createIndexMetrics(options: IndexMetricsOptions): IndexMetrics {
  const now = options.now ?? Date.now;
  const registers = [options.registry];
  const followed = new Map<string, Labels>();
  const labelNames = ['cluster', 'kind'] as const;
  new Gauge({
    name: 'nimbus_index_objects',
    help: 'Objects of a member cluster and kind held in this replica’s index.',
    labelNames,
    registers,
    async collect() {
      // A writer being restarted keeps the last counts rather than failing the whole scrape.
      const rows = await options.counts().catch(() => undefined);
      if (!rows) return;
      const counted = new Map(rows.map((row) => [`${row.cluster}/${row.kind}`, row.objects]));
      this.reset();
      for (const [key, labels] of followed) this.set(labels, counted.get(key) ?? 0);
    },
  });
  const events = new Counter({
    name: 'nimbus_index_events_total',
    help: 'Watch events (added, modified, deleted) applied to the index.',
    labelNames,
    registers,
  });
  const relists = new Counter({
    name: 'nimbus_index_relists_total',
    help: 'Full lists written to the index; reason initial (loop start) or expired (410 Gone).',
    labelNames: [...labelNames, 'reason'] as const,
    registers,
  });
  const restarts = new Counter({
    name: 'nimbus_index_watch_restarts_total',
    help: 'Watches ended and renewed; reason closed (by the server), stall, error or expired.',
    labelNames: [...labelNames, 'reason'] as const,
    registers,
  });
  const synced = new Gauge({
    name: 'nimbus_index_synced',
    help: '1 while the loop’s last list or watch was answered, 0 after a failure.',
    labelNames,
    registers,
  });
  const lastEvent = new Gauge({
    name: 'nimbus_index_last_event_timestamp_seconds',
    help: 'Unix time of the last watch event or bookmark heard (0 before the first).',
    labelNames,
    registers,
  });
  const relistReasons: RelistReason[] = ['initial', 'expired'];
  const restartReasons: WatchRestartReason[] = ['closed', 'stall', 'error', 'expired'];

  return {
    observer(cluster, kind) {
      const labels = { cluster, kind };
      followed.set(`${cluster}/${kind}`, labels);
      synced.set(labels, 0);
      lastEvent.set(labels, 0);
      events.inc(labels, 0);
      return {
        listed: (reason) => relists.inc({ ...labels, reason }),
        applied: (count) => events.inc(labels, count),
        heard: () => lastEvent.set(labels, now() / 1000),
        restarted: (reason) => restarts.inc({ ...labels, reason }),
        synced: (state) => synced.set(labels, state ? 1 : 0),
      };
    },
    forget(cluster) {
      // prom-client removes exact label sets only.
      for (const [key, labels] of followed) {
        if (labels.cluster !== cluster) continue;
        followed.delete(key);
        for (const metric of [events, synced, lastEvent]) metric.remove(labels);
        for (const reason of relistReasons) relists.remove({ ...labels, reason });
        for (const reason of restartReasons) restarts.remove({ ...labels, reason });
      }
    },
  };
}

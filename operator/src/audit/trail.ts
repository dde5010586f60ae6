import type { Registry } from 'prom-client';
import type { Clock } from '../core/clock.js';
import { realClock } from '../core/clock.js';
import type { RunningJob } from '../controllers/jobs.js';
import { runJob } from '../controllers/jobs.js';
import type { Logger } from '../logger.js';
import { auditCounters } from './metrics.js';
import type { AuditPolicy } from './policy.js';
import { defaultAuditPolicy } from './policy.js';
import type { AuditRecorder, AuditSink } from './record-call.js';
import { createAuditRecorder } from './record-call.js';
import { derivePeerKey } from './peer-auth.js';
import type { PeerSource } from './peers.js';
import { noPeers } from './peers.js';
import { auditRetentionJob, pruneAudit } from './retention.js';
import type { AuditSearch } from './search.js';
import { createAuditSearch } from './search.js';
import { openSqliteAuditStore } from './sqlite-store.js';
import type { AuditStore } from './store.js';
import type { AuditWebhook, AuditWebhookOptions } from './webhook.js';
import { createAuditWebhook } from './webhook.js';
import type { AuditWriter, AuditWriterOptions } from './writer.js';
import { createAuditWriter } from './writer.js';

/** 8 GiB: room for the WAL and a vacuum on the chart's 10 GiB volume. */
export const defaultMaxBytes = 8 * 1024 ** 3;
export const defaultPruneIntervalMs = 3_600_000;

export interface AuditTrailOptions {
  /** This replica's own file under this directory, unless `store` is given. */
  dataDir: string;
  /** A store opened elsewhere (the shared PostgreSQL one); the trail closes it. */
  store?: AuditStore;
  retentionDays: number;
  /** Records beyond this size go, oldest first (default 8 GiB). */
  maxBytes?: number;
  /** How often each replica prunes (default hourly); it also prunes when opened. */
  pruneIntervalMs?: number;
  /** Which calls are recorded, and how much of them (default: defaultAuditPolicy). */
  policy?: AuditPolicy;
  /** Ships written records to a webhook as well (URL checked like every outbound URL). */
  webhook?: Omit<AuditWebhookOptions, 'clock' | 'log' | 'onDelivered' | 'onDropped'>;
  logger: Logger;
  /** Where the audit counters are exported (the app's /metrics registry). */
  registry?: Registry;
  /** Other replicas to ask; never with a shared store, where every record is already. */
  peers?: PeerSource;
  /**
   * Peers are asked only when this is set (and the store is not shared); the peer key is
   * derived from it.
   */
  sessionSigningKey?: string | Buffer;
  peerTimeoutMs?: number;
  queue?: Partial<Pick<AuditWriterOptions, 'capacity' | 'batchSize' | 'flushIntervalMs'>>;
  clock?: Clock;
}

/** Everything the HTTP layer needs from the audit trail. */
export interface AuditTrail {
  readonly store: AuditStore;
  readonly writer: AuditWriter;
  /** Queues a finished record as it is (tests, tools); calls go through `record`. */
  readonly sink: AuditSink;
  /** Applies the policy to a finished call and queues its record at that level, if any. */
  readonly record: AuditRecorder;
  readonly search: AuditSearch;
  readonly webhook: AuditWebhook | undefined;
  /**
   * The key replicas sign their record queries with; without it (no session signing key) no
   * replica-to-replica endpoint is served.
   */
  readonly peerKey: Buffer | undefined;
  /** Removes records past retention (age, then size) now; the scheduled job does it too. */
  prune(): Promise<number>;
  /** Resolves when the prune at open and any retention run in progress are done (tests). */
  idle(): Promise<void>;
  /** Writes what is queued and closes the store; call after the HTTP server stopped. */
  close(): Promise<void>;
}

const errorLogEveryMs = 60_000;

export function openAuditTrail(options: AuditTrailOptions): AuditTrail {
  const log = options.logger.child({ component: 'audit' });
  const clock = options.clock ?? realClock;
  const counters = auditCounters(options.registry);

  const store = options.store ?? openSqliteAuditStore(options.dataDir);
  const webhook = options.webhook
    ? createAuditWebhook({
        ...options.webhook,
        clock,
        log: log.child({ sink: 'webhook' }),
        onDelivered: (count) => counters.webhookDelivered.inc(count),
        onDropped: (count) => counters.webhookDropped.inc(count),
      })
    : undefined;
  let lastErrorLog = Number.NEGATIVE_INFINITY;
  const writer = createAuditWriter({
    ...options.queue,
    async write(records) {
      await store.append(records);
      counters.written.inc(records.length);
      webhook?.ship(records);
    },
    onDrop(count) {
      counters.dropped.inc(count);
    },
    onWriteError(error) {
      counters.writeErrors.inc();
      // A full disk fails every retry; one line a minute says so without flooding the log.
      if (clock.now() - lastErrorLog < errorLogEveryMs) return;
      lastErrorLog = clock.now();
      log.error({ err: error, pending: writer.pending }, 'audit records could not be written');
    },
  });

  const retention = {
    maxAgeDays: options.retentionDays,
    maxBytes: options.maxBytes ?? defaultMaxBytes,
    intervalMs: options.pruneIntervalMs ?? defaultPruneIntervalMs,
  };
  async function prune(): Promise<number> {
    const removed = await pruneAudit(store, retention, clock.now());
    const total = removed.byAge + removed.bySize;
    if (total > 0) log.info({ ...removed, ...retention }, 'audit pruned');
    return total;
  }
  // The job runs it again on its interval; a store that cannot prune now is said in the log.
  const prunedAtOpen = prune().catch((error: unknown) =>
    log.error({ err: error }, 'audit records could not be pruned'),
  );
  const retentionJob: RunningJob = runJob(auditRetentionJob(store, retention, clock, log), {
    clock,
    logger: log,
  });

  const peerKey =
    options.sessionSigningKey && !store.shared
      ? derivePeerKey(options.sessionSigningKey)
      : undefined;
  log.info(
    {
      store: store.location,
      shared: store.shared,
      peers: peerKey !== undefined,
      webhook: webhook !== undefined,
    },
    'audit store open',
  );
  const sink: AuditSink = (record) => writer.enqueue(record);

  return {
    store,
    writer,
    sink,
    record: createAuditRecorder(options.policy ?? defaultAuditPolicy, sink),
    search: createAuditSearch({
      store,
      peers: options.peers ?? noPeers,
      peerKey,
      peerTimeoutMs: options.peerTimeoutMs,
    }),
    webhook,
    peerKey,
    prune,
    async idle() {
      await prunedAtOpen;
      await retentionJob.idle();
    },
    async close() {
      retentionJob.stop();
      if (!(await writer.close())) {
        log.error({ lost: writer.pending }, 'audit records lost at shutdown');
      }
      webhook?.stop();
      await store.close();
    },
  };
}

import type { Router } from 'express';
import { Counter } from 'prom-client';
import type { Registry } from 'prom-client';
import type { Logger } from '../logger.js';
import type { AuditSink } from './record-call.js';
import { derivePeerKey } from './peer-auth.js';
import { peerAuditRouter } from './peer-router.js';
import type { PeerSource } from './peers.js';
import { noPeers } from './peers.js';
import type { AuditSearch } from './search.js';
import { createAuditSearch } from './search.js';
import type { AuditStore } from './store.js';
import { openAuditStore } from './store.js';
import type { AuditWriter, AuditWriterOptions } from './writer.js';
import { createAuditWriter } from './writer.js';

export interface AuditTrailOptions {
  dataDir: string;
  retentionDays: number;
  logger: Logger;
  /** Where the audit counters are exported (the app's /metrics registry). */
  registry?: Registry;
  peers?: PeerSource;
  /** Peers are asked only when this is set; the peer key is derived from it. */
  sessionSigningKey?: string | Buffer;
  peerTimeoutMs?: number;
  queue?: Partial<Pick<AuditWriterOptions, 'capacity' | 'batchSize' | 'flushIntervalMs'>>;
  now?: () => number;
}

/** Everything the HTTP layer needs from the audit trail. */
export interface AuditTrail {
  readonly store: AuditStore;
  readonly writer: AuditWriter;
  readonly sink: AuditSink;
  readonly search: AuditSearch;
  /** The signed replica-to-replica endpoint; absent without a signing key. */
  readonly peerRouter: Router | undefined;
  /** Removes records past retention now (also runs hourly). */
  prune(): number;
  /** Writes what is queued and closes the file; call after the HTTP server stopped. */
  close(): void;
}

const dayMs = 86_400_000;
const pruneEveryMs = 3_600_000;
const errorLogEveryMs = 60_000;

export function openAuditTrail(options: AuditTrailOptions): AuditTrail {
  const log = options.logger.child({ component: 'audit' });
  const now = options.now ?? Date.now;
  const registers = options.registry ? [options.registry] : [];
  const written = new Counter({
    name: 'nimbus_audit_records_written_total',
    help: 'Audit records written to this replica’s store.',
    registers,
  });
  const dropped = new Counter({
    name: 'nimbus_audit_records_dropped_total',
    help: 'Audit records dropped because the write queue was full (oldest first).',
    registers,
  });
  const writeErrors = new Counter({
    name: 'nimbus_audit_write_errors_total',
    help: 'Failed attempts to write a batch of audit records (the batch is retried).',
    registers,
  });

  const store = openAuditStore(options.dataDir);
  let lastErrorLog = 0;
  const writer = createAuditWriter({
    ...options.queue,
    write(records) {
      store.append(records);
      written.inc(records.length);
    },
    onDrop(count) {
      dropped.inc(count);
    },
    onWriteError(error) {
      writeErrors.inc();
      // A full disk fails every retry; one line a minute says so without flooding the log.
      if (now() - lastErrorLog < errorLogEveryMs) return;
      lastErrorLog = now();
      log.error({ err: error, pending: writer.pending }, 'audit records could not be written');
    },
  });

  const retentionMs = options.retentionDays * dayMs;
  function prune(): number {
    const removed = store.prune(now() - retentionMs);
    if (removed > 0) log.info({ removed, retentionDays: options.retentionDays }, 'audit pruned');
    return removed;
  }
  prune();
  const pruneTimer = setInterval(() => {
    try {
      prune();
    } catch (error) {
      log.error({ err: error }, 'audit retention failed');
    }
  }, pruneEveryMs);
  pruneTimer.unref();

  const peerKey = options.sessionSigningKey ? derivePeerKey(options.sessionSigningKey) : undefined;
  log.info({ file: store.file, peers: peerKey !== undefined }, 'audit store open');

  return {
    store,
    writer,
    sink: (record) => writer.enqueue(record),
    search: createAuditSearch({
      store,
      peers: options.peers ?? noPeers,
      peerKey,
      peerTimeoutMs: options.peerTimeoutMs,
    }),
    peerRouter: peerKey ? peerAuditRouter(store, peerKey) : undefined,
    prune,
    close() {
      clearInterval(pruneTimer);
      if (!writer.close()) log.error({ lost: writer.pending }, 'audit records lost at shutdown');
      store.close();
    },
  };
}

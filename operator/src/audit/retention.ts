import type { Clock } from '../core/clock.js';
import type { ScheduledJob } from '../controllers/jobs.js';
import type { Logger } from '../logger.js';
import type { AuditStore } from './store.js';

/** How long and how much this replica keeps (docs/audit.md "Retention"). */
export interface AuditRetention {
  /** Records older than this many days go. */
  maxAgeDays: number;
  /** Then the oldest records go until the rest take at most this many bytes of the file. */
  maxBytes: number;
  /** How often the job runs on each replica. */
  intervalMs: number;
}

const dayMs = 86_400_000;

/** Prunes by age, then by size; both take the oldest records first. Returns how many went. */
export async function pruneAudit(
  store: Pick<AuditStore, 'prune' | 'pruneToSize'>,
  retention: Pick<AuditRetention, 'maxAgeDays' | 'maxBytes'>,
  now: number,
): Promise<{ byAge: number; bySize: number }> {
  const byAge = await store.prune(now - retention.maxAgeDays * dayMs);
  const bySize = await store.pruneToSize(retention.maxBytes);
  return { byAge, bySize };
}

/**
 * The retention sweep as a scheduled job (controllers/jobs.ts). Unlike the controllers' jobs it
 * runs on every replica, not only the leader: each replica owns its own file. On the shared
 * store the replicas take turns under a lock, and the later ones find nothing left to do.
 */
export function auditRetentionJob(
  store: Pick<AuditStore, 'prune' | 'pruneToSize'>,
  retention: AuditRetention,
  clock: Clock,
  log: Logger,
): ScheduledJob {
  return {
    name: 'audit-retention',
    intervalMs: retention.intervalMs,
    async run() {
      const removed = await pruneAudit(store, retention, clock.now());
      const total = removed.byAge + removed.bySize;
      if (total > 0) log.info({ ...removed, ...retention }, 'audit pruned');
      return total;
    },
  };
}

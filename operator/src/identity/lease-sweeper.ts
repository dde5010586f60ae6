import type { LeaseStore } from '../hub/leases.js';
import type { Logger } from '../logger.js';
import { expiresLabel, purposeLabel } from './lease-names.js';
import { noncePurpose } from './nonces.js';
import { rateLimitPurpose } from './delay-counter.js';

const sweepIntervalMs = 5 * 60_000;

/** Deletes login throttle and nonce Leases whose time is up; harmless when replicas race. */
export async function sweepLeases(
  leases: LeaseStore,
  nowSeconds = Date.now() / 1000,
): Promise<number> {
  const all = await leases.list(`${purposeLabel} in (${rateLimitPurpose},${noncePurpose})`);
  const expired = all.filter((lease) => Number(lease.labels[expiresLabel]) < nowSeconds);
  await Promise.all(expired.map((lease) => leases.delete(lease.name)));
  return expired.length;
}

export function startLeaseSweeper(leases: LeaseStore, logger: Logger): () => void {
  const timer = setInterval(() => {
    sweepLeases(leases).catch((error: unknown) =>
      logger.warn({ err: error }, 'lease sweep failed'),
    );
  }, sweepIntervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

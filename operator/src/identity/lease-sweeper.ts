import type { ScheduledJob } from '../controllers/jobs.js';
import type { LeaseStore } from '../hub/leases.js';
import { expiresLabel, purposeLabel } from './lease-names.js';
import { noncePurpose } from './nonces.js';
import { rateLimitPurpose } from './delay-counter.js';
import type { SessionManager } from './sessions.js';

const leaseSweepIntervalMs = 5 * 60_000;
const sessionSweepIntervalMs = 10 * 60_000;

/** Deletes login throttle and nonce Leases whose time is up. */
export async function sweepLeases(
  leases: LeaseStore,
  nowSeconds = Date.now() / 1000,
): Promise<number> {
  const all = await leases.list(`${purposeLabel} in (${rateLimitPurpose},${noncePurpose})`);
  const expired = all.filter((lease) => Number(lease.labels[expiresLabel]) < nowSeconds);
  await Promise.all(expired.map((lease) => leases.delete(lease.name)));
  return expired.length;
}

/** The identity expiry sweeps, run by the Lease holder only (controllers/manager.ts). */
export function identitySweepJobs(deps: {
  leases: LeaseStore;
  sessions: Pick<SessionManager, 'sweep'>;
}): ScheduledJob[] {
  return [
    {
      name: 'expired-leases',
      intervalMs: leaseSweepIntervalMs,
      run: () => sweepLeases(deps.leases),
    },
    {
      name: 'expired-sessions',
      intervalMs: sessionSweepIntervalMs,
      run: () => deps.sessions.sweep(),
    },
  ];
}

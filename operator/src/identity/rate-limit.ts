import { ApiError, errors } from '../http/errors.js';
import type { LeaseStore, LeaseValue } from '../hub/leases.js';
import { expiryLabels, leaseName } from './lease-names.js';

export const rateLimitPurpose = 'rate-limit';
const countAnnotation = 'nimbus.io/count';
const windowEndAnnotation = 'nimbus.io/window-end';
const maxAttempts = 5;

export interface FixedWindow {
  /** Distinguishes counters, e.g. login-account and login-address. */
  name: string;
  max: number;
  windowSeconds: number;
}

interface WindowState {
  count: number;
  windowEnd: number;
}

function stateOf(lease: LeaseValue | undefined, nowSeconds: number): WindowState | undefined {
  if (!lease) return undefined;
  const count = Number(lease.annotations[countAnnotation]);
  const windowEnd = Number(lease.annotations[windowEndAnnotation]);
  if (!Number.isFinite(count) || !Number.isFinite(windowEnd) || windowEnd <= nowSeconds)
    return undefined;
  return { count, windowEnd };
}

/**
 * A fixed-window failure counter shared by all replicas: one Lease per key, updated with
 * optimistic concurrency on its resourceVersion.
 */
export class LeaseRateLimiter {
  constructor(
    private readonly leases: LeaseStore,
    private readonly window: FixedWindow,
    private readonly clock: () => number = () => Date.now() / 1000,
  ) {}

  private name(key: string): string {
    return leaseName(`nimbus-rl-${this.window.name}`, key);
  }

  async isBlocked(key: string): Promise<boolean> {
    const state = stateOf(await this.leases.get(this.name(key)), this.clock());
    return state !== undefined && state.count >= this.window.max;
  }

  /** Throws rateLimited (1006) when the key has used up its window. */
  async check(key: string): Promise<void> {
    if (await this.isBlocked(key)) throw new ApiError(errors.rateLimited);
  }

  /** Counts one failure; returns the count in the current window. */
  async recordFailure(key: string): Promise<number> {
    const name = this.name(key);
    for (let attempt = 1; ; attempt++) {
      const now = this.clock();
      const lease = await this.leases.get(name);
      const state = stateOf(lease, now) ?? { count: 0, windowEnd: now + this.window.windowSeconds };
      const next = { count: state.count + 1, windowEnd: state.windowEnd };
      const write = {
        name,
        labels: expiryLabels(rateLimitPurpose, next.windowEnd),
        annotations: {
          [countAnnotation]: String(next.count),
          [windowEndAnnotation]: String(next.windowEnd),
        },
      };
      try {
        if (lease) await this.leases.replace({ ...write, resourceVersion: lease.resourceVersion });
        else await this.leases.create(write);
        return next.count;
      } catch (error) {
        const conflict = error instanceof ApiError && error.entry === errors.conflict;
        if (!conflict || attempt >= maxAttempts) throw error;
      }
    }
  }

  async reset(key: string): Promise<void> {
    await this.leases.delete(this.name(key));
  }
}

import { ApiError, errors } from '../core/errors.js';
import type { LeaseStore, LeaseValue } from '../hub/leases.js';
import { expiryLabels, leaseName } from './lease-names.js';

/** The purpose label of throttle Leases (swept when expired). */
export const rateLimitPurpose = 'rate-limit';
const countAnnotation = 'nimbus.io/count';
const lastAttemptAnnotation = 'nimbus.io/last-attempt';
// Rounds of optimistic concurrency before a contended key refuses (fails closed).
const maxWriteRounds = 5;

/**
 * One dimension of throttling (sign-in, registration, MFA codes): the first `freeAttempts`
 * failures cost nothing; from then on every attempt must wait `baseDelaySeconds`, doubling per
 * further failure up to `maxDelaySeconds`. The record is forgotten `forgetAfterSeconds` after
 * the last attempt.
 */
export interface DelayRule {
  /** Distinguishes Leases, e.g. login-pair. */
  name: string;
  /** What the refusal says was too many, e.g. "failed sign-in attempts" (the default). */
  tooMany?: string;
  freeAttempts: number;
  baseDelaySeconds: number;
  maxDelaySeconds: number;
  forgetAfterSeconds: number;
}

interface AttemptState {
  /** Failed attempts, plus attempts in flight (reserved, not yet decided). */
  count: number;
  /** Unix seconds of the last reserved attempt. */
  lastAttempt: number;
}

/** Seconds an attempt must wait after the last one, once `count` attempts were counted. */
export function delayAfter(rule: DelayRule, count: number): number {
  if (count < rule.freeAttempts) return 0;
  const doublings = Math.min(count - rule.freeAttempts, 40);
  return Math.min(rule.maxDelaySeconds, rule.baseDelaySeconds * 2 ** doublings);
}

function stateOf(
  rule: DelayRule,
  lease: LeaseValue | undefined,
  now: number,
): AttemptState | undefined {
  if (!lease) return undefined;
  const count = Number(lease.annotations[countAnnotation]);
  const lastAttempt = Number(lease.annotations[lastAttemptAnnotation]);
  if (!Number.isFinite(count) || !Number.isFinite(lastAttempt)) return undefined;
  const forgetAt = lastAttempt + Math.max(rule.forgetAfterSeconds, delayAfter(rule, count));
  return forgetAt <= now ? undefined : { count, lastAttempt };
}

/** 1006 with the seconds to wait, in the envelope's data and (error-handler.ts) Retry-After. */
export function attemptsDelayed(
  retryAfterSeconds: number,
  tooMany = 'failed sign-in attempts',
): ApiError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new ApiError(errors.rateLimited, {
    message: `too many ${tooMany}, retry in ${seconds} seconds`,
    details: { retryAfterSeconds: seconds },
  });
}

const isRetryable = (error: unknown): boolean =>
  error instanceof ApiError && (error.entry === errors.conflict || error.entry === errors.notFound);

/**
 * A growing-delay counter per key, shared by all replicas: one Lease per key, changed with
 * optimistic concurrency on its resourceVersion. An attempt is reserved (counted) before the
 * password is hashed (or the code checked), so a burst of concurrent guesses cannot outrun the
 * count.
 */
export class DelayCounter {
  constructor(
    private readonly leases: LeaseStore,
    readonly rule: DelayRule,
    private readonly clock: () => number,
  ) {}

  private name(key: string): string {
    return leaseName(`nimbus-rl-${this.rule.name}`, key);
  }

  /** Counts an attempt, or throws 1006 with the wait when the key must still wait. */
  async reserve(key: string): Promise<void> {
    await this.change(key, (state, now) => {
      const wait = state ? state.lastAttempt + delayAfter(this.rule, state.count) - now : 0;
      if (wait > 0) throw attemptsDelayed(wait, this.rule.tooMany);
      return { count: (state?.count ?? 0) + 1, lastAttempt: now };
    });
  }

  /** Takes back a reserved attempt that turned out not to be a failure. */
  async release(key: string): Promise<void> {
    await this.change(key, (state) =>
      state && state.count > 0 ? { ...state, count: state.count - 1 } : undefined,
    );
  }

  async reset(key: string): Promise<void> {
    await this.leases.delete(this.name(key));
  }

  /** Seconds until `key` may try again (0 when it may now). */
  async waitSeconds(key: string): Promise<number> {
    const now = this.clock();
    const state = stateOf(this.rule, await this.leases.get(this.name(key)), now);
    return state ? Math.max(0, state.lastAttempt + delayAfter(this.rule, state.count) - now) : 0;
  }

  private async change(
    key: string,
    next: (state: AttemptState | undefined, now: number) => AttemptState | undefined,
  ): Promise<void> {
    const name = this.name(key);
    for (let round = 1; ; round++) {
      const now = this.clock();
      const lease = await this.leases.get(name);
      const state = next(stateOf(this.rule, lease, now), now);
      if (!state) return;
      const forgetAt =
        state.lastAttempt +
        Math.max(this.rule.forgetAfterSeconds, delayAfter(this.rule, state.count));
      const write = {
        name,
        labels: expiryLabels(rateLimitPurpose, forgetAt),
        annotations: {
          [countAnnotation]: String(state.count),
          [lastAttemptAnnotation]: String(state.lastAttempt),
        },
      };
      try {
        if (lease) await this.leases.replace({ ...write, resourceVersion: lease.resourceVersion });
        else await this.leases.create(write);
        return;
      } catch (error) {
        if (!isRetryable(error)) throw error;
        // Many concurrent attempts on one key: refuse rather than let one through uncounted.
        if (round >= maxWriteRounds) throw attemptsDelayed(1, this.rule.tooMany);
      }
    }
  }
}

/**
 * Runs one guarded attempt under `key`: counted before `attempt` runs, kept as a failure when
 * `isFailure` says the attempt was a wrong guess, forgotten (with the key's earlier failures)
 * when it succeeded, and given back for any other error.
 */
export async function throttled<T>(
  counter: DelayCounter,
  key: string,
  attempt: () => Promise<T>,
  isFailure: (error: unknown) => boolean,
): Promise<T> {
  await counter.reserve(key);
  let result: T;
  try {
    result = await attempt();
  } catch (error) {
    if (!isFailure(error)) await counter.release(key);
    throw error;
  }
  await counter.reset(key);
  return result;
}

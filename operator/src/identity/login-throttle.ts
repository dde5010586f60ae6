import { ApiError, errors } from '../core/errors.js';
import type { LeaseStore, LeaseValue } from '../hub/leases.js';
import { expiryLabels, leaseName } from './lease-names.js';

/** The purpose label of login throttle Leases (swept when expired). */
export const rateLimitPurpose = 'rate-limit';
const countAnnotation = 'nimbus.io/count';
const lastAttemptAnnotation = 'nimbus.io/last-attempt';
// Rounds of optimistic concurrency before a contended key refuses (fails closed).
const maxWriteRounds = 5;

/**
 * One dimension of login throttling: the first `freeAttempts` failures cost nothing; from then on
 * every attempt must wait `baseDelaySeconds`, doubling per further failure up to
 * `maxDelaySeconds`. The record is forgotten `forgetAfterSeconds` after the last attempt.
 */
export interface DelayRule {
  /** Distinguishes Leases, e.g. login-pair. */
  name: string;
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
export function signInDelayed(retryAfterSeconds: number): ApiError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new ApiError(errors.rateLimited, {
    message: `too many failed sign-in attempts, retry in ${seconds} seconds`,
    details: { retryAfterSeconds: seconds },
  });
}

const isRetryable = (error: unknown): boolean =>
  error instanceof ApiError && (error.entry === errors.conflict || error.entry === errors.notFound);

/**
 * A growing-delay counter per key, shared by all replicas: one Lease per key, changed with
 * optimistic concurrency on its resourceVersion. An attempt is reserved (counted) before the
 * password is hashed, so a burst of concurrent guesses cannot outrun the count.
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
      if (wait > 0) throw signInDelayed(wait);
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
        if (round >= maxWriteRounds) throw signInDelayed(1);
      }
    }
  }
}

/** What a login holds between reserving its attempt and knowing the outcome. */
export interface LoginReservation {
  /** The password (and MFA code) were right: forget the pair's failures, give back the rest. */
  succeeded(): Promise<void>;
  /** Not a failed guess after all (e.g. MFA code still needed, or an internal error). */
  release(): Promise<void>;
}

export interface LoginThrottleRules {
  /** One account from one address: what stops a single guesser. */
  pair: DelayRule;
  /** One address over all accounts: what stops spraying many accounts. */
  address: DelayRule;
  /** One account over all addresses: slows distributed guessing, with a short cap. */
  account: DelayRule;
}

/** docs/api.md "Sign-in throttling" describes these numbers. */
export const loginThrottleRules: LoginThrottleRules = {
  pair: {
    name: 'login-pair',
    freeAttempts: 5,
    baseDelaySeconds: 2,
    maxDelaySeconds: 15 * 60,
    forgetAfterSeconds: 60 * 60,
  },
  address: {
    name: 'login-address',
    freeAttempts: 30,
    baseDelaySeconds: 2,
    maxDelaySeconds: 15 * 60,
    forgetAfterSeconds: 60 * 60,
  },
  account: {
    name: 'login-account',
    freeAttempts: 50,
    baseDelaySeconds: 1,
    maxDelaySeconds: 60,
    forgetAfterSeconds: 15 * 60,
  },
};

/**
 * Throttles password logins with delays that grow per (account, address), per address and per
 * account, never with a hard lock: a stranger's failures from another address never delay the
 * account's owner beyond the account rule's short cap, and the right password after the delay
 * signs in.
 */
export class LoginThrottle {
  readonly pair: DelayCounter;
  readonly address: DelayCounter;
  readonly account: DelayCounter;

  constructor(
    leases: LeaseStore,
    rules: LoginThrottleRules = loginThrottleRules,
    clock: () => number = () => Date.now() / 1000,
  ) {
    this.pair = new DelayCounter(leases, rules.pair, clock);
    this.address = new DelayCounter(leases, rules.address, clock);
    this.account = new DelayCounter(leases, rules.account, clock);
  }

  /**
   * Counts the attempt under every rule, most specific first, so a caller refused by its own
   * pair or address budget never adds to the account's count. Throws 1006 with the wait.
   */
  async reserve(account: string, address: string): Promise<LoginReservation> {
    const accountKey = account.toLowerCase();
    const pairKey = `${accountKey}\n${address}`;
    await this.pair.reserve(pairKey);
    await this.address.reserve(address).catch(async (error: unknown) => {
      await this.pair.release(pairKey);
      throw error;
    });
    await this.account.reserve(accountKey).catch(async (error: unknown) => {
      await Promise.all([this.pair.release(pairKey), this.address.release(address)]);
      throw error;
    });
    return {
      succeeded: async () => {
        await Promise.all([
          this.pair.reset(pairKey),
          this.address.release(address),
          this.account.release(accountKey),
        ]);
      },
      release: async () => {
        await Promise.all([
          this.pair.release(pairKey),
          this.address.release(address),
          this.account.release(accountKey),
        ]);
      },
    };
  }
}

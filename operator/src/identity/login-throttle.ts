import { ApiError, errors } from '../core/errors.js';
import type { LeaseStore } from '../hub/leases.js';
import { addressGroup } from './client-address.js';
import type { DelayRule } from './delay-counter.js';
import { DelayCounter, rateLimitPurpose, throttled } from './delay-counter.js';
import { expiresLabel, expiryLabels, leaseName } from './lease-names.js';

export type { DelayRule } from './delay-counter.js';
export { DelayCounter, attemptsDelayed, delayAfter, rateLimitPurpose } from './delay-counter.js';

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
  /** Registrations from one address (every one counts): what stops mass sign-ups and probing. */
  register: DelayRule;
  /** Wrong MFA codes of one user, at login and when binding or unbinding. */
  mfa: DelayRule;
  /**
   * An (account, address) pair that signed in within this many seconds is exempt from the
   * account-wide rule, so strangers elsewhere cannot hold the owner behind it.
   */
  knownPairSeconds: number;
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
  register: {
    name: 'register-address',
    tooMany: 'registrations from this address',
    freeAttempts: 20,
    baseDelaySeconds: 30,
    maxDelaySeconds: 15 * 60,
    forgetAfterSeconds: 60 * 60,
  },
  mfa: {
    name: 'mfa-user',
    tooMany: 'wrong MFA codes',
    freeAttempts: 5,
    baseDelaySeconds: 2,
    maxDelaySeconds: 15 * 60,
    forgetAfterSeconds: 60 * 60,
  },
  knownPairSeconds: 30 * 86_400,
};

/** The rules with NIMBUS_REGISTRATIONS_PER_ADDRESS as the free registrations of an address. */
export function throttleRulesWith(registrationsPerAddress: number | undefined): LoginThrottleRules {
  if (registrationsPerAddress === undefined) return loginThrottleRules;
  const register = { ...loginThrottleRules.register, freeAttempts: registrationsPerAddress };
  return { ...loginThrottleRules, register };
}

/** (account, address) pairs that signed in lately, one expiring Lease each, for every replica. */
class KnownPairs {
  constructor(
    private readonly leases: LeaseStore,
    private readonly windowSeconds: number,
    private readonly clock: () => number,
  ) {}

  private name(key: string): string {
    return leaseName('nimbus-rl-login-known', key);
  }

  async has(key: string): Promise<boolean> {
    const lease = await this.leases.get(this.name(key));
    return Number(lease?.labels[expiresLabel]) > this.clock();
  }

  /** Best effort: a pair not remembered is only held to the account-wide rule next time. */
  async remember(key: string): Promise<void> {
    const name = this.name(key);
    const write = {
      name,
      labels: expiryLabels(rateLimitPurpose, this.clock() + this.windowSeconds),
      annotations: {},
    };
    try {
      const current = await this.leases.get(name);
      if (current)
        await this.leases.replace({ ...write, resourceVersion: current.resourceVersion });
      else await this.leases.create(write);
    } catch {
      // A concurrent sign-in of the same pair wrote it, or the hub refused: nothing to undo.
    }
  }
}

const isWrongCode = (error: unknown): boolean =>
  error instanceof ApiError && error.entry === errors.mfaInvalid;

/**
 * Throttles password logins with delays that grow per (account, address), per address and per
 * account, never with a hard lock: a stranger's failures from another address never delay the
 * account's owner beyond the account rule's short cap, and not at all from an address the owner
 * signed in from lately; the right password after the delay signs in. Addresses are grouped
 * (addressGroup: an IPv6 /64 is one address). Registrations are throttled per address, MFA codes
 * per user.
 */
export class LoginThrottle {
  readonly pair: DelayCounter;
  readonly address: DelayCounter;
  readonly account: DelayCounter;
  readonly registrations: DelayCounter;
  readonly mfaCodes: DelayCounter;
  private readonly known: KnownPairs;

  constructor(
    leases: LeaseStore,
    rules: LoginThrottleRules = loginThrottleRules,
    clock: () => number = () => Date.now() / 1000,
  ) {
    this.pair = new DelayCounter(leases, rules.pair, clock);
    this.address = new DelayCounter(leases, rules.address, clock);
    this.account = new DelayCounter(leases, rules.account, clock);
    this.registrations = new DelayCounter(leases, rules.register, clock);
    this.mfaCodes = new DelayCounter(leases, rules.mfa, clock);
    this.known = new KnownPairs(leases, rules.knownPairSeconds, clock);
  }

  /**
   * Counts the attempt under every rule, most specific first, so a caller refused by its own
   * pair or address budget never adds to the account's count; a pair that signed in lately is
   * not held to the account-wide rule. Throws 1006 with the wait.
   */
  async reserve(account: string, address: string): Promise<LoginReservation> {
    const accountKey = account.toLowerCase();
    const from = addressGroup(address);
    const pairKey = `${accountKey}\n${from}`;
    await this.pair.reserve(pairKey);
    await this.address.reserve(from).catch(async (error: unknown) => {
      await this.pair.release(pairKey);
      throw error;
    });
    const knownPair = await this.known.has(pairKey).catch(() => false);
    if (!knownPair) {
      await this.account.reserve(accountKey).catch(async (error: unknown) => {
        await Promise.all([this.pair.release(pairKey), this.address.release(from)]);
        throw error;
      });
    }
    const releaseAccount = async (): Promise<void> => {
      if (!knownPair) await this.account.release(accountKey);
    };
    return {
      succeeded: async () => {
        await Promise.all([
          this.pair.reset(pairKey),
          this.address.release(from),
          releaseAccount(),
          this.known.remember(pairKey),
        ]);
      },
      release: async () => {
        await Promise.all([
          this.pair.release(pairKey),
          this.address.release(from),
          releaseAccount(),
        ]);
      },
    };
  }

  /** Counts a registration from `address` before it runs (every one counts; 1006 when due). */
  async reserveRegistration(address: string): Promise<void> {
    await this.registrations.reserve(addressGroup(address));
  }

  /** Checks an MFA code of `userId` under the per-user rule: wrong codes count, a right one resets. */
  mfaCode<T>(userId: string, check: () => Promise<T>): Promise<T> {
    return throttled(this.mfaCodes, userId, check, isWrongCode);
  }
}

import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../testing/memory-store.js';
import { LeaseRateLimiter } from './rate-limit.js';
import { sweepLeases } from './lease-sweeper.js';

const window = { name: 'login-account', max: 3, windowSeconds: 900 };

describe('LeaseRateLimiter', () => {
  it('blocks after max failures in a fixed window and forgets them when it ends', async () => {
    let now = 1_000;
    const store = createMemoryStore();
    const limiter = new LeaseRateLimiter(store.leases, window, () => now);
    for (let i = 1; i <= 3; i++) {
      expect(await limiter.isBlocked('alice')).toBe(false);
      expect(await limiter.recordFailure('alice')).toBe(i);
    }
    expect(await limiter.isBlocked('alice')).toBe(true);
    await expect(limiter.check('alice')).rejects.toMatchObject({ entry: { code: 1006 } });
    expect(await limiter.isBlocked('bob')).toBe(false);

    now += 900;
    expect(await limiter.isBlocked('alice')).toBe(false);
    expect(await limiter.recordFailure('alice')).toBe(1);
  });

  it('counts concurrent failures without losing any (optimistic concurrency)', async () => {
    const store = createMemoryStore();
    const limiter = new LeaseRateLimiter(store.leases, { ...window, max: 100 });
    await limiter.recordFailure('alice');
    await Promise.all(Array.from({ length: 4 }, () => limiter.recordFailure('alice')));
    expect(await limiter.recordFailure('alice')).toBe(6);
  });

  it('resets on request and names Leases by a hash, not the key', async () => {
    const store = createMemoryStore();
    const limiter = new LeaseRateLimiter(store.leases, window);
    await limiter.recordFailure('10.0.0.7');
    const [name] = [...store.leaseRecords.keys()];
    expect(name).toMatch(/^nimbus-rl-login-account-[0-9a-f]{40}$/);
    await limiter.reset('10.0.0.7');
    expect(store.leaseRecords.size).toBe(0);
  });

  it('sweeps Leases whose window ended', async () => {
    const store = createMemoryStore();
    await new LeaseRateLimiter(store.leases, window, () => 1_000).recordFailure('old');
    await new LeaseRateLimiter(store.leases, window, () => 5_000).recordFailure('new');
    expect(await sweepLeases(store.leases, 5_000)).toBe(1);
    expect(store.leaseRecords.size).toBe(1);
  });
});

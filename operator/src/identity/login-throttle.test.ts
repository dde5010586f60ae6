import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../testing/memory-store.js';
import { sweepLeases } from './lease-sweeper.js';
import type { DelayRule } from './login-throttle.js';
import { DelayCounter, LoginThrottle, delayAfter, loginThrottleRules } from './login-throttle.js';

const rule: DelayRule = {
  name: 'login-pair',
  freeAttempts: 3,
  baseDelaySeconds: 2,
  maxDelaySeconds: 10,
  forgetAfterSeconds: 600,
};

describe('delayAfter', () => {
  it('is free for the first attempts, then doubles up to the cap', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 100].map((count) => delayAfter(rule, count))).toEqual([
      0, 0, 0, 2, 4, 8, 10, 10, 10,
    ]);
  });
});

describe('DelayCounter', () => {
  it('refuses with the remaining wait while delayed and counts again after it', async () => {
    let now = 1_000;
    const counter = new DelayCounter(createMemoryStore().leases, rule, () => now);
    for (let i = 0; i < 3; i++) await counter.reserve('alice');
    await expect(counter.reserve('alice')).rejects.toMatchObject({
      entry: { code: 1006 },
      details: { retryAfterSeconds: 2 },
    });
    expect(await counter.waitSeconds('bob')).toBe(0);
    now += 1.5;
    expect(await counter.waitSeconds('alice')).toBe(0.5);
    now += 0.5;
    await counter.reserve('alice');
    expect(await counter.waitSeconds('alice')).toBe(4);
  });

  it('counts every one of many concurrent reservations or refuses it (never one uncounted)', async () => {
    const counter = new DelayCounter(
      createMemoryStore().leases,
      { ...rule, freeAttempts: 100 },
      () => 1,
    );
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, () => counter.reserve('alice')),
    );
    const granted = outcomes.filter((outcome) => outcome.status === 'fulfilled').length;
    expect(granted).toBeGreaterThan(0);
    // Each granted reservation was counted: as many more fit before the free attempts run out.
    for (let i = granted; i < 100; i++) await counter.reserve('alice');
    await expect(counter.reserve('alice')).rejects.toMatchObject({ entry: { code: 1006 } });
  });

  it('gives a reservation back on release and forgets the key after a quiet period', async () => {
    let now = 1_000;
    const counter = new DelayCounter(createMemoryStore().leases, rule, () => now);
    for (let i = 0; i < 3; i++) await counter.reserve('alice');
    await counter.release('alice');
    await counter.reserve('alice');
    now += 600;
    for (let i = 0; i < 3; i++) await counter.reserve('alice');
  });

  it('names Leases by a hash, not the key, and resets on request', async () => {
    const store = createMemoryStore();
    const counter = new DelayCounter(store.leases, rule, () => 1_000);
    await counter.reserve('10.0.0.7');
    const [name] = [...store.leaseRecords.keys()];
    expect(name).toMatch(/^nimbus-rl-login-pair-[0-9a-f]{40}$/);
    await counter.reset('10.0.0.7');
    expect(store.leaseRecords.size).toBe(0);
  });

  it('sweeps Leases whose time is up', async () => {
    const store = createMemoryStore();
    await new DelayCounter(store.leases, rule, () => 1_000).reserve('old');
    await new DelayCounter(store.leases, rule, () => 5_000).reserve('new');
    expect(await sweepLeases(store.leases, 5_000)).toBe(1);
    expect(store.leaseRecords.size).toBe(1);
  });
});

describe('LoginThrottle', () => {
  it('never adds to the account count when the caller is refused by its own budget', async () => {
    let now = 1_000;
    const throttle = new LoginThrottle(createMemoryStore().leases, loginThrottleRules, () => now);
    const free = loginThrottleRules.pair.freeAttempts;
    for (let i = 0; i < free; i++) await throttle.reserve('admin', '203.0.113.9');
    for (let i = 0; i < 100; i++) {
      await expect(throttle.reserve('admin', '203.0.113.9')).rejects.toMatchObject({
        entry: { code: 1006 },
      });
      now += 0.01;
    }
    expect(await throttle.account.waitSeconds('admin')).toBe(0);
    const owner = await throttle.reserve('Admin', '198.51.100.7');
    await owner.succeeded();
  });

  it('forgets the pair on success and gives back the address and account attempts', async () => {
    const throttle = new LoginThrottle(createMemoryStore().leases, loginThrottleRules, () => 1_000);
    const free = loginThrottleRules.pair.freeAttempts;
    for (let i = 0; i < free - 1; i++) await throttle.reserve('alice', '10.0.0.1');
    await (await throttle.reserve('alice', '10.0.0.1')).succeeded();
    for (let i = 0; i < free; i++) {
      await (await throttle.reserve('alice', '10.0.0.1')).release();
    }
    expect(await throttle.pair.waitSeconds('alice\n10.0.0.1')).toBe(0);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import type { FakeLeases } from '../testing/fake-leases.js';
import { fakeLeases } from '../testing/fake-leases.js';
import type { FakeClock } from '../testing/fake-clock.js';
import { fakeClock } from '../testing/fake-clock.js';
import { createLeaderElector } from './leader-election.js';

const cleanups: Array<() => Promise<unknown> | unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function leases(): Promise<FakeLeases> {
  const fake = await fakeLeases();
  cleanups.push(() => fake.close());
  return fake;
}

const candidate = (fake: FakeLeases, identity: string, clock: FakeClock) =>
  createLeaderElector({
    kubeConfig: fake.kubeConfig,
    namespace: 'nimbus-system',
    identity,
    leaseDurationMs: 15_000,
    clock,
  });

describe('leader election on a Lease', () => {
  it('gives the Lease to exactly one of two candidates', async () => {
    const fake = await leases();
    const clock = fakeClock();
    const one = candidate(fake, 'one', clock);
    const two = candidate(fake, 'two', clock);
    expect(await one.tryAcquireOrRenew()).toBe(true);
    expect(await two.tryAcquireOrRenew()).toBe(false);
    clock.advance(2_000);
    expect(await one.tryAcquireOrRenew()).toBe(true);
    expect(await two.tryAcquireOrRenew()).toBe(false);
    expect(fake.lease()?.spec?.holderIdentity).toBe('one');
  });

  it('hands over at once when the holder releases the Lease', async () => {
    const fake = await leases();
    const clock = fakeClock();
    const one = candidate(fake, 'one', clock);
    const two = candidate(fake, 'two', clock);
    await one.tryAcquireOrRenew();
    expect(await two.tryAcquireOrRenew()).toBe(false);
    await one.release();
    expect(await two.tryAcquireOrRenew()).toBe(true);
    expect(fake.lease()?.spec).toMatchObject({ holderIdentity: 'two', leaseTransitions: 1 });
  });

  it('takes over a Lease whose holder stopped renewing only after a whole lease duration by its own clock', async () => {
    const fake = await leases();
    const oneClock = fakeClock();
    // The candidate's clock is far from the holder's: only the time it saw pass counts.
    const twoClock = fakeClock(9_000_000);
    const one = candidate(fake, 'one', oneClock);
    const two = candidate(fake, 'two', twoClock);
    await one.tryAcquireOrRenew();
    expect(await two.tryAcquireOrRenew()).toBe(false);
    twoClock.advance(14_999);
    expect(await two.tryAcquireOrRenew()).toBe(false);
    twoClock.advance(1);
    expect(await two.tryAcquireOrRenew()).toBe(true);
    expect(fake.lease()?.spec?.holderIdentity).toBe('two');
  });

  it('waits a new lease duration each time the holder renews', async () => {
    const fake = await leases();
    const clock = fakeClock();
    const one = candidate(fake, 'one', clock);
    const two = candidate(fake, 'two', clock);
    await one.tryAcquireOrRenew();
    await two.tryAcquireOrRenew();
    clock.advance(10_000);
    await one.tryAcquireOrRenew();
    clock.advance(10_000);
    expect(await two.tryAcquireOrRenew()).toBe(false);
  });

  it('throws when the hub cannot be reached, so the caller decides by its renew deadline', async () => {
    const fake = await leases();
    const one = candidate(fake, 'one', fakeClock());
    await one.tryAcquireOrRenew();
    fake.failing = true;
    await expect(one.tryAcquireOrRenew()).rejects.toThrow();
  });
});

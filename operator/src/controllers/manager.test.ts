import { afterEach, describe, expect, it } from 'vitest';
import type { FakeClock } from '../testing/fake-clock.js';
import { fakeClock } from '../testing/fake-clock.js';
import type { FakeLeases } from '../testing/fake-leases.js';
import { fakeLeases } from '../testing/fake-leases.js';
import { captureLogs } from '../testing/logs.js';
import { memoryRecorder } from '../testing/memory-events.js';
import type { ChangeKind, Controller } from './controller.js';
import { watch } from './controller.js';
import { createLeaderElector } from './leader-election.js';
import type { Manager } from './manager.js';
import { createManager } from './manager.js';

const retryPeriodMs = 2_000;
const cleanups: Array<() => Promise<unknown> | unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A change feed like a hub kind's cache. */
function feed() {
  const listeners = new Set<(type: ChangeKind, name: string) => void>();
  return {
    subscribe(listener: (type: ChangeKind, name: string) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit: (name: string) => listeners.forEach((listener) => listener('update', name)),
    listeners: () => listeners.size,
  };
}

interface Replica {
  manager: Manager;
  clock: FakeClock;
  reconciled: string[];
  swept: number;
  exits: number;
}

function replica(fake: FakeLeases, identity: string, changes: ReturnType<typeof feed>): Replica {
  const clock = fakeClock();
  const state = { reconciled: [] as string[], swept: 0, exits: 0 };
  const manager = createManager({
    elector: createLeaderElector({
      kubeConfig: fake.kubeConfig,
      namespace: 'nimbus-system',
      identity,
      leaseDurationMs: 15_000,
      clock,
    }),
    events: memoryRecorder(clock).recorder,
    logger: captureLogs().logger,
    clock,
    retryPeriodMs,
    renewDeadlineMs: 10_000,
    onLostLeadership: () => state.exits++,
  });
  manager.add((): Controller => ({
    name: 'echo',
    watches: [watch(changes, (_type, name) => [name])],
    keys: () => ['initial'],
    reconcile: async (key) => (state.reconciled.push(key), undefined),
  }));
  manager.schedule({
    name: 'sweep',
    intervalMs: 60_000,
    run: async () => (state.swept++, undefined),
  });
  cleanups.push(() => manager.stop({ release: false }));
  return Object.assign(state, { manager, clock });
}

/** One election period on the replica's clock, waiting for its attempt to finish. */
async function period(one: Replica, times = 1): Promise<void> {
  for (let i = 0; i < times; i++) {
    one.clock.advance(retryPeriodMs);
    await one.manager.settled();
    await one.manager.idle();
  }
}

/** Replicas started one after the other on one Lease: the first leads. */
async function setUp(...identities: string[]) {
  const fake = await fakeLeases();
  cleanups.push(() => fake.close());
  const changes = feed();
  const replicas: Replica[] = [];
  for (const identity of identities) {
    const next = replica(fake, identity, changes);
    next.manager.start();
    await next.manager.settled();
    replicas.push(next);
  }
  return { fake, changes, one: replicas[0] as Replica, two: replicas[1] as Replica };
}

describe('the controller manager', () => {
  it('runs controllers and scheduled jobs on the Lease holder only', async () => {
    const { changes, one, two } = await setUp('one', 'two');
    await one.manager.idle();
    expect([one.manager.isLeader(), two.manager.isLeader()]).toEqual([true, false]);
    changes.emit('alice');
    await one.manager.idle();
    for (let i = 0; i < 30; i++) {
      await period(one);
      await period(two);
    }
    expect(one.reconciled).toEqual(['initial', 'alice']);
    expect(one.swept).toBe(1);
    expect({ reconciled: two.reconciled, swept: two.swept }).toEqual({ reconciled: [], swept: 0 });
    expect(changes.listeners()).toBe(1);
  });

  it('stops everything and calls the exit hook when it cannot renew within the deadline', async () => {
    const { fake, changes, one } = await setUp('one');
    fake.failing = true;
    await period(one, 4);
    expect({ leader: one.manager.isLeader(), exits: one.exits }).toEqual({
      leader: true,
      exits: 0,
    });
    await period(one, 1);
    expect({ leader: one.manager.isLeader(), exits: one.exits }).toEqual({
      leader: false,
      exits: 1,
    });
    expect(changes.listeners()).toBe(0);
    fake.failing = false;
    changes.emit('after');
    await period(one, 40);
    expect(one.reconciled).toEqual(['initial']);
    expect(one.swept).toBe(0);
  });

  it('stops at once when the Lease turns out to name another holder', async () => {
    const { fake, one } = await setUp('one');
    // Another replica took the Lease while this one was paused (e.g. a long GC or a frozen VM).
    const lease = fake.lease();
    if (lease?.spec) lease.spec.holderIdentity = 'two';
    await period(one);
    expect({ leader: one.manager.isLeader(), exits: one.exits }).toEqual({
      leader: false,
      exits: 1,
    });
  });

  it('lets another replica take over once the holder stops renewing, after the lease duration', async () => {
    const { one, two } = await setUp('one', 'two');
    // Killed without releasing: its Lease stays as it was.
    await one.manager.stop({ release: false });
    await period(two, 7);
    expect(two.manager.isLeader()).toBe(false);
    await period(two, 1);
    expect(two.manager.isLeader()).toBe(true);
    expect(two.reconciled).toEqual(['initial']);
  });

  it('releases the Lease on a clean stop, so the next replica leads at its next attempt', async () => {
    const { fake, one, two } = await setUp('one', 'two');
    await one.manager.stop();
    await period(two, 1);
    expect(two.manager.isLeader()).toBe(true);
    expect(fake.lease()?.spec?.holderIdentity).toBe('two');
  });
});

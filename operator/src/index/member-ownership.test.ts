import { describe, expect, it } from 'vitest';
import { fakeClock, type FakeClock } from '../testing/fake-clock.js';
import { captureLogs } from '../testing/logs.js';
import { createMemoryStore } from '../testing/memory-store.js';
import {
  createMemberOwnership,
  fairShare,
  memberLeaseName,
  storeScope,
  type MemberOwnership,
} from './member-ownership.js';

const leaseMs = 15_000;

/** Replicas over one hub's Leases, each with its own clock reading the same time. */
function replicas(clusters: string[], scope?: string) {
  const hub = createMemoryStore();
  const clock: FakeClock = fakeClock(1_000_000);
  const members = { list: clusters };
  const start = (identity: string): MemberOwnership =>
    createMemberOwnership({
      leases: hub.leases,
      identity,
      clusters: () => members.list,
      logger: captureLogs().logger,
      clock,
      leaseMs,
      ...(scope ? { scope } : {}),
    });
  const holders = () =>
    Object.fromEntries(
      members.list.map((cluster) => [
        cluster,
        hub.leaseRecords.get(memberLeaseName(cluster, scope))?.annotations['nimbus.io/holder'] ??
          '',
      ]),
    );
  return { hub, clock, members, start, holders };
}

/** Rounds of every replica, in turn, at one moment. */
async function round(...replicas: MemberOwnership[]): Promise<void> {
  for (const replica of replicas) await replica.tick();
}

/**
 * Three replicas after three rounds. In the first, each sees only the replicas that came before
 * it, so the first takes all; the next rounds share them out.
 */
async function threeSettled(
  bed: ReturnType<typeof replicas>,
): Promise<[MemberOwnership, MemberOwnership, MemberOwnership]> {
  const all = [bed.start('one'), bed.start('two'), bed.start('three')] as const;
  for (let rounds = 0; rounds < 3; rounds++) await round(...all);
  return [...all];
}

describe('member ownership by Lease', () => {
  it('shares the members fairly: the floor each, the remainder one each to as many replicas', () => {
    const none = new Map<string, number>();
    const three = ['one', 'three', 'two'];
    expect(fairShare('one', 4, ['one', 'two'], none)).toBe(2);
    expect(fairShare('one', 0, three, none)).toBe(0);
    expect(fairShare('one', 5, ['one'], none)).toBe(5);
    // Nobody holds more than the floor yet: any replica may take the extra one.
    expect(three.map((r) => fairShare(r, 4, three, none))).toEqual([2, 2, 2]);
    // Two hold two of four: the first by name keeps the extra one, the other gives it up and
    // the third may not take one more than the floor.
    const twoTwo = new Map([
      ['one', 2],
      ['two', 2],
    ]);
    expect(three.map((r) => fairShare(r, 4, three, twoTwo))).toEqual([2, 1, 1]);
    // One member on three replicas stays where it is, whoever holds it.
    const atThree = new Map([['three', 1]]);
    expect(three.map((r) => fairShare(r, 1, three, atThree))).toEqual([0, 1, 0]);
  });

  it('settles four members on three replicas as two, one and one', async () => {
    const bed = replicas(['a', 'b', 'c', 'd']);
    const all = await threeSettled(bed);
    await round(...all);
    const owned = all.map((replica) => replica.owned());
    expect(owned.flat().sort()).toEqual(['a', 'b', 'c', 'd']);
    expect(owned.map((list) => list.length).sort()).toEqual([1, 1, 2]);
    // Settled: another round moves nothing.
    const holders = bed.holders();
    await round(...all);
    expect(bed.holders()).toEqual(holders);
  });

  it('has each member synced by exactly one replica, and every member by some replica', async () => {
    const bed = replicas(['a', 'b', 'c', 'd', 'e']);
    const [one, two, three] = await threeSettled(bed);
    const owned = [one, two, three].map((replica) => replica.owned());
    expect(owned.flat().sort()).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(owned.map((list) => list.length).sort()).toEqual([1, 2, 2]);
    expect(Object.values(bed.holders()).every((holder) => holder !== '')).toBe(true);
  });

  it('hands a stopped replica’s members over at once, and a dead one’s after a lease', async () => {
    const bed = replicas(['a', 'b', 'c', 'd']);
    const [one, two, three] = await threeSettled(bed);
    // Stopped (SIGTERM): its Leases are released, so the next round takes them.
    const ofTwo = two.owned();
    expect(ofTwo.length).toBeGreaterThan(0);
    await two.stop();
    expect(two.owned()).toEqual([]);
    // Its own Lease is gone with it; its members' wait for the others, holder cleared.
    const holdersNow = [...bed.hub.leaseRecords.values()].map(
      (lease) => lease.annotations['nimbus.io/holder'],
    );
    expect(holdersNow).not.toContain('two');
    expect(holdersNow.filter((holder) => holder === '')).toHaveLength(ofTwo.length);
    await round(one, three);
    expect([...one.owned(), ...three.owned()].sort()).toEqual(['a', 'b', 'c', 'd']);

    // Killed: nobody renews its Leases. The survivor, renewing every 5 s, does not take them
    // before a whole lease has passed without a change by its own clock, and has them within
    // a lease and a renewal or two (the 30 s of docs/decisions/member-ownership.md).
    const ofThree = three.owned();
    expect(ofThree.length).toBeGreaterThan(0);
    let takenAfter = 0;
    for (let waited = 5_000; waited <= 30_000 && takenAfter === 0; waited += 5_000) {
      bed.clock.advance(5_000);
      await round(one);
      if (ofThree.every((cluster) => one.owns(cluster))) takenAfter = waited;
    }
    expect(takenAfter).toBeGreaterThan(leaseMs);
    expect(takenAfter).toBeLessThanOrEqual(25_000);
    expect(one.owned()).toEqual(['a', 'b', 'c', 'd']);
    expect(Object.values(bed.holders())).toEqual(['one', 'one', 'one', 'one']);
  });

  it('gives up members beyond its share when a replica joins, and the new one takes them', async () => {
    const bed = replicas(['a', 'b', 'c', 'd']);
    const one = bed.start('one');
    await round(one);
    expect(one.owned()).toEqual(['a', 'b', 'c', 'd']);
    const two = bed.start('two');
    await round(two, one, two);
    expect(one.owned()).toEqual(['a', 'b']);
    expect(two.owned()).toEqual(['c', 'd']);
    expect(bed.holders()).toEqual({ a: 'one', b: 'one', c: 'two', d: 'two' });
  });

  it('gives up a member that is no longer ready, and tells its listeners of each change', async () => {
    const bed = replicas(['a', 'b']);
    const one = bed.start('one');
    let changes = 0;
    one.subscribe(() => (changes += 1));
    await round(one);
    expect(changes).toBe(1);
    await round(one);
    expect(changes).toBe(1);
    bed.members.list = ['b'];
    await round(one);
    expect(one.owned()).toEqual(['b']);
    expect(changes).toBe(2);
    // Released, then removed, as no replica wants it.
    await round(one);
    expect(bed.hub.leaseRecords.has(memberLeaseName('a'))).toBe(false);
  });

  it('stops syncing what it could not renew for a whole lease', async () => {
    const bed = replicas(['a']);
    const one = bed.start('one');
    await round(one);
    expect(one.owns('a')).toBe(true);
    const list = bed.hub.leases.list.bind(bed.hub.leases);
    bed.hub.leases.list = () => Promise.reject(new Error('hub down'));
    bed.clock.advance(leaseMs - 1);
    await round(one);
    expect(one.owns('a')).toBe(true);
    bed.clock.advance(1);
    await round(one);
    expect(one.owns('a')).toBe(false);
    bed.hub.leases.list = list;
    await round(one);
    expect(one.owns('a')).toBe(true);
  });

  it('divides the members among the replicas of one store only', async () => {
    const first = replicas(['a', 'b'], storeScope('postgresql://db-one/nimbus'));
    const one = first.start('one');
    // The other store's replicas write to the same hub's Leases.
    const other = createMemberOwnership({
      leases: first.hub.leases,
      identity: 'elsewhere',
      clusters: () => ['a', 'b'],
      logger: captureLogs().logger,
      clock: first.clock,
      scope: storeScope('postgresql://db-two/nimbus'),
    });
    await round(other, one, other, one);
    expect(one.owned()).toEqual(['a', 'b']);
    expect(other.owned()).toEqual(['a', 'b']);
  });

  it('lets go of a member another replica took while it could not renew', async () => {
    const bed = replicas(['a']);
    const one = bed.start('one');
    await round(one);
    expect(one.owns('a')).toBe(true);
    // Another replica found the Lease unrenewed for a whole lease and took it.
    const lease = bed.hub.leaseRecords.get(memberLeaseName('a'));
    if (!lease) throw new Error('no Lease of a');
    await bed.hub.leases.replace({
      ...lease,
      annotations: { ...lease.annotations, 'nimbus.io/holder': 'two' },
    });
    await round(one);
    expect(one.owns('a')).toBe(false);
    expect(bed.holders()).toEqual({ a: 'two' });
  });
});

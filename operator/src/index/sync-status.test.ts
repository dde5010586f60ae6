import { describe, expect, it } from 'vitest';
import { fakeClock } from '../testing/fake-clock.js';
import { captureLogs } from '../testing/logs.js';
import { createSyncStatus, type IndexSyncStatus } from './sync-status.js';

const start = Date.UTC(2026, 11, 5, 10, 0, 0);
const at = (offsetMs: number) => new Date(start + offsetMs).toISOString();

/** A sync status over a hand-driven ownership, recording what it writes. */
function bed() {
  const clock = fakeClock(start);
  const writes: Array<{ cluster: string; index: IndexSyncStatus }> = [];
  let owned: string[] = [];
  const listeners = new Set<() => void>();
  const status = createSyncStatus({
    write: async (cluster, { index }) => void writes.push({ cluster, index }),
    identity: 'nimbus-7f9c',
    ownership: {
      owned: () => owned,
      subscribe: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    },
    logger: captureLogs().logger,
    clock,
    refreshMs: 60_000,
  });
  const own = (clusters: string[]) => {
    owned = clusters;
    for (const listener of listeners) listener();
  };
  return { clock, writes, status, own };
}

describe('a Cluster’s index sync status', () => {
  it('says which replica syncs it from when, and whether every kind is answered', () => {
    const { clock, writes, status, own } = bed();
    const pods = status.observer('member-a', 'pods');
    const nodes = status.observer('member-a', 'nodes');
    status.start();
    expect(writes).toEqual([]);
    own(['member-a']);
    expect(writes).toEqual([
      { cluster: 'member-a', index: { replica: 'nimbus-7f9c', since: at(0), synced: false } },
    ]);
    clock.advance(1_000);
    pods.synced(true);
    pods.heard();
    expect(writes).toHaveLength(1);
    nodes.synced(true);
    expect(writes.at(-1)?.index).toEqual({ replica: 'nimbus-7f9c', since: at(0), synced: true });
    // A kind that fails turns it back.
    nodes.synced(false);
    expect(writes.at(-1)?.index.synced).toBe(false);
    expect(writes).toHaveLength(3);
    status.stop();
  });

  it('brings the last event time of the least recently heard kind up to date once a refresh', () => {
    const { clock, writes, status, own } = bed();
    const pods = status.observer('member-a', 'pods');
    const nodes = status.observer('member-a', 'nodes');
    status.start();
    own(['member-a']);
    pods.synced(true);
    nodes.synced(true);
    clock.advance(5_000);
    pods.heard();
    clock.advance(5_000);
    nodes.heard();
    pods.heard();
    const before = writes.length;
    clock.advance(50_000);
    expect(writes).toHaveLength(before + 1);
    expect(writes.at(-1)?.index).toEqual({
      replica: 'nimbus-7f9c',
      since: at(0),
      synced: true,
      lastEventTime: at(10_000),
    });
    // Nothing heard since: nothing written at the next refresh.
    clock.advance(60_000);
    expect(writes).toHaveLength(before + 1);
    status.stop();
  });

  it('writes nothing of a cluster another replica syncs, and starts over when it comes back', () => {
    const { clock, writes, status, own } = bed();
    const pods = status.observer('member-a', 'pods');
    status.start();
    own(['member-a']);
    own([]);
    pods.synced(true);
    clock.advance(120_000);
    expect(writes).toHaveLength(1);
    own(['member-a']);
    expect(writes.at(-1)?.index).toEqual({
      replica: 'nimbus-7f9c',
      since: at(120_000),
      synced: true,
    });
    // Its loops start again: nothing of the earlier ones counts until they are answered.
    const again = status.observer('member-a', 'pods');
    own([]);
    own(['member-a']);
    expect(writes.at(-1)?.index.synced).toBe(false);
    again.synced(true);
    expect(writes.at(-1)?.index.synced).toBe(true);
    status.stop();
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPacer, objectsPerSlice, type Pacer } from './pacer.js';
import { bulkWrites, IndexStore } from './store.js';
import { pod } from './testing/fake-api-server.js';

/** The event loop by hand: each `step` runs the oldest scheduled task, then its microtasks. */
class ManualLoop {
  readonly tasks: Array<() => void> = [];
  readonly schedule = (run: () => void) => void this.tasks.push(run);

  async step(): Promise<void> {
    const task = this.tasks.shift();
    if (!task) throw new Error('nothing scheduled');
    task();
    await settle();
  }
}

/** Lets every pending promise continuation run (no time passes for the code under test). */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('pacer', () => {
  it('lets one waiting writer go per turn, in the order they asked', async () => {
    const loop = new ManualLoop();
    const pacer = createPacer(loop.schedule);
    const order: string[] = [];
    const writer = async (name: string, slices: number) => {
      for (let i = 0; i < slices; i++) {
        await pacer.turn();
        order.push(`${name}${i}`);
      }
    };
    const both = Promise.all([writer('a', 2), writer('b', 2)]);
    await settle();
    expect(order).toEqual([]);
    // One turn scheduled at a time, however many writers wait.
    expect(loop.tasks).toHaveLength(1);
    await loop.step();
    expect(order).toEqual(['a0']);
    await loop.step();
    await loop.step();
    await loop.step();
    await both;
    expect(order).toEqual(['a0', 'b0', 'a1', 'b1']);
    expect(loop.tasks).toHaveLength(0);
  });
});

describe('paced index writes', () => {
  let loop: ManualLoop;
  let pacer: Pacer;
  let store: IndexStore;
  const pods = (n: number, prefix = 'web') =>
    Array.from({ length: n }, (_, i) => pod(`${prefix}-${i}`, '1'));

  beforeEach(() => {
    loop = new ManualLoop();
    pacer = createPacer(loop.schedule);
    store = IndexStore.open(':memory:', { pacer });
  });
  afterEach(() => store.close());

  it('writes a relist page a slice per turn, so a task queued meanwhile runs between slices', async () => {
    const relist = store.beginRelist('a', 'pods');
    const written = relist.add(pods(2 * objectsPerSlice + 50));
    await settle();
    expect(store.count('a', 'pods')).toBe(0);
    // The Lease renewal's timer (or an HTTP answer) becomes due after the first slice was asked.
    let seenByRenewal: number | undefined;
    loop.tasks.push(() => {
      seenByRenewal = store.count('a', 'pods');
    });
    await loop.step();
    expect(store.count('a', 'pods')).toBe(objectsPerSlice);
    await loop.step();
    expect(seenByRenewal).toBe(objectsPerSlice);
    await loop.step();
    await loop.step();
    await written;
    await expect(Promise.race([relist.finish(), settle().then(() => 'waiting')])).resolves.toBe(
      undefined,
    );
    expect(store.count('a', 'pods')).toBe(2 * objectsPerSlice + 50);
  });

  it("writes the worker's relist page in one slice, checkpoints its WAL less often, caches more", async () => {
    const bulk = IndexStore.open(':memory:', { pacer, bulkWrites: true });
    try {
      const relist = bulk.beginRelist('a', 'pods');
      const written = relist.add(pods(bulkWrites.objectsPerSlice + 20));
      await settle();
      await loop.step();
      expect(bulk.count('a', 'pods')).toBe(bulkWrites.objectsPerSlice);
      await loop.step();
      await written;
      expect(bulk.count('a', 'pods')).toBe(bulkWrites.objectsPerSlice + 20);
      expect(bulkWrites.objectsPerSlice).toBeGreaterThan(objectsPerSlice);
      expect(bulk.writeSettings()).toEqual({
        walAutocheckpointPages: bulkWrites.walAutocheckpointPages,
        cacheKiB: bulkWrites.cacheKiB,
        tempInMemory: true,
      });
      // SQLite's own defaults, but the statement journals: every connection keeps them in memory.
      expect(store.writeSettings()).toEqual({
        walAutocheckpointPages: 1000,
        cacheKiB: 2000,
        tempInMemory: true,
      });
    } finally {
      bulk.close();
    }
  });

  it('removes a relist’s unseen rows and a dropped cluster’s rows only on turns', async () => {
    store.upsert('a', 'pods', pods(3, 'old'));
    const relist = store.beginRelist('a', 'pods');
    const added = relist.add(pods(1));
    await loop.step();
    await added;
    const finished = relist.finish();
    await settle();
    expect(store.count('a', 'pods')).toBe(4);
    while (loop.tasks.length > 0) await loop.step();
    await finished;
    expect(store.count('a', 'pods')).toBe(1);

    const dropped = store.dropCluster('a');
    await settle();
    expect(store.count('a')).toBe(1);
    await loop.step();
    expect(store.count('a')).toBe(0);
    // Then the trigram index is merged, a step per turn as well.
    expect(loop.tasks).toHaveLength(1);
    while (loop.tasks.length > 0) await loop.step();
    await dropped;
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openTestIndex, sourceWorkerOptions, type TestIndex } from '../testing/index-writer.js';
import { openWorkerWriter, type IndexWriter } from './index-writer.js';
import { IndexStore } from './store.js';
import { everyKindIn } from './testing/scope.js';
import { pod } from './testing/fake-api-server.js';

const names = (store: IndexStore, cluster: string) =>
  store
    .list({ scope: [everyKindIn(cluster)], kinds: ['pods'] })
    .items.map((item) => item.name)
    .sort();

/** Each thread of this process with its nice value (Linux: /proc/self/task/<tid>/stat). */
function threadNiceValues(): { tid: number; nice: number }[] {
  return readdirSync('/proc/self/task').map((tid) => {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    // After the parenthesised name come the fields from the 3rd on; nice is the 19th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { tid: Number(tid), nice: Number(fields[19 - 3]) };
  });
}

function mainThreadNice(): number {
  const main = threadNiceValues().find((thread) => thread.tid === process.pid);
  if (!main) throw new Error('no main thread in /proc/self/task');
  return main.nice;
}
// Before any write worker of this file starts.
const niceAtStart = mainThreadNice();

describe('the index write worker', () => {
  let opened: TestIndex;
  let writer: IndexWriter;
  let reader: IndexStore;

  beforeEach(async () => {
    opened = await openTestIndex('in the worker');
    ({ writer, index: reader } = opened);
  });
  afterEach(() => opened.close());

  it('writes on another thread; each write is read on this one once it resolves', async () => {
    await writer.apply('a', 'pods', [
      { type: 'upsert', object: pod('web-1', '1') },
      { type: 'upsert', object: pod('web-2', '1') },
    ]);
    expect(names(reader, 'a')).toEqual(['web-1', 'web-2']);
    await writer.apply('a', 'pods', [
      { type: 'delete', namespace: 'demo', name: 'web-1', uid: 'uid-web-1' },
    ]);
    expect(names(reader, 'a')).toEqual(['web-2']);
  });

  it('runs below the main thread, which answers HTTP, in scheduling priority', async () => {
    await writer.apply('a', 'pods', [{ type: 'upsert', object: pod('web-1', '1') }]);
    expect(mainThreadNice()).toBe(niceAtStart);
    const lowered = threadNiceValues().filter(
      (thread) => thread.tid !== process.pid && thread.nice === Math.min(19, niceAtStart + 10),
    );
    expect(lowered).not.toHaveLength(0);
  });

  it('counts the objects per cluster and kind on its own thread, for the metrics', async () => {
    await writer.apply('a', 'pods', [
      { type: 'upsert', object: pod('web-1', '1') },
      { type: 'upsert', object: pod('web-2', '1') },
    ]);
    await writer.apply('b', 'pods', [{ type: 'upsert', object: pod('api-1', '1') }]);
    expect(await writer.objectCounts()).toEqual([
      { cluster: 'a', kind: 'pods', objects: 2 },
      { cluster: 'b', kind: 'pods', objects: 1 },
    ]);
  });

  it('writes a relist page by page and removes, at its finish, what no page named', async () => {
    await writer.apply('a', 'pods', [
      { type: 'upsert', object: pod('kept', '1') },
      { type: 'upsert', object: pod('gone', '1') },
    ]);
    const relist = writer.beginRelist('a', 'pods');
    await relist.add([pod('kept', '2')]);
    await relist.add([pod('new', '1')]);
    // Visible page by page; the removal waits for the finish.
    expect(names(reader, 'a')).toEqual(['gone', 'kept', 'new']);
    await relist.finish();
    expect(names(reader, 'a')).toEqual(['kept', 'new']);
  });

  it('parses a list page’s chunks where it writes them, and says how many objects it held', async () => {
    await writer.apply('a', 'pods', [{ type: 'upsert', object: pod('gone', '1') }]);
    const relist = writer.beginRelist('a', 'pods');
    const page = (...names: string[]) =>
      JSON.stringify({ metadata: { resourceVersion: '9' }, items: names.map((n) => pod(n, '2')) });
    const whole = new TextEncoder().encode(page('web-1', 'web-2'));
    const own = [whole.slice(0, 20), whole.slice(20, 45), whole.slice(45)];
    expect(await relist.addChunks?.(own)).toBe(2);
    // Handed over, not copied: the chunks are the worker's now.
    expect(own.map((chunk) => chunk.byteLength)).toEqual([0, 0, 0]);
    // A small Buffer is a slice of Node's shared pool: copied, so the pool stays with its owners.
    const text = page('web-3');
    const pooled = [Buffer.from(text.slice(0, 30)), Buffer.from(text.slice(30))];
    expect(pooled.every((chunk) => chunk.buffer.byteLength > chunk.byteLength)).toBe(true);
    expect(await relist.addChunks?.(pooled)).toBe(1);
    expect(Buffer.concat(pooled).toString('utf8')).toBe(text);
    // One chunk named twice: its buffer crosses once, the second is a copy.
    const twice = new TextEncoder().encode(' ');
    const body = new TextEncoder().encode(page('web-4'));
    expect(await relist.addChunks?.([body, twice, twice])).toBe(1);
    expect(await relist.addChunks?.([new TextEncoder().encode(page())])).toBe(0);
    await relist.finish();
    expect(names(reader, 'a')).toEqual(['web-1', 'web-2', 'web-3', 'web-4']);
    const broken = new TextEncoder().encode('{"items": [not json');
    await expect(writer.beginRelist('a', 'pods').addChunks?.([broken])).rejects.toThrow(/JSON/);
  });

  it('keeps what an abandoned relist wrote and removes nothing', async () => {
    await writer.apply('a', 'pods', [{ type: 'upsert', object: pod('old', '1') }]);
    const relist = writer.beginRelist('a', 'pods');
    await relist.add([pod('listed', '1')]);
    await relist.abandon();
    expect(names(reader, 'a')).toEqual(['listed', 'old']);
  });

  it('adopts a cluster for a Cluster uid, dropping an earlier one’s rows, and drops a cluster', async () => {
    expect(await writer.adoptCluster('a', 'uid-1')).toBe(false);
    await writer.apply('a', 'pods', [{ type: 'upsert', object: pod('web-1', '1') }]);
    expect(await writer.adoptCluster('a', 'uid-1')).toBe(false);
    expect(reader.adoptedBy('a')).toBe('uid-1');
    expect(await writer.adoptCluster('a', 'uid-2')).toBe(true);
    expect(names(reader, 'a')).toEqual([]);
    await writer.apply('a', 'pods', [{ type: 'upsert', object: pod('web-2', '1') }]);
    await writer.dropCluster('a');
    expect(reader.clusters()).toEqual([]);
  });

  it('refuses a relist page of a relist it does not hold, and says why', async () => {
    const relist = writer.beginRelist('a', 'pods');
    await relist.finish();
    await expect(relist.add([pod('late', '1')])).rejects.toThrow(/relist \d+ is not open/);
  });

  it('answers nothing more once closed', async () => {
    await writer.close();
    await expect(
      writer.apply('a', 'pods', [{ type: 'upsert', object: pod('web-1', '1') }]),
    ).rejects.toThrow('index writer closed');
  });
});

describe('an index write worker that stops', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'nimbus-index-writer-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('fails the writes in flight and a relist it held; the next write starts a new worker', async () => {
    const path = join(dir, 'index.sqlite');
    const writer = await openWorkerWriter(path, {
      ...sourceWorkerOptions,
      workerUrl: new URL('../testing/crashing-write-worker.ts', import.meta.url),
    });
    const reader = IndexStore.open(path, { readsOnly: true });
    try {
      const relist = writer.beginRelist('a', 'pods');
      await relist.add([pod('listed', '1')]);
      await expect(
        writer.apply('crash', 'pods', [{ type: 'upsert', object: pod('web-1', '1') }]),
      ).rejects.toThrow(/index writer stopped: exit code 3/);
      // The relist lived in the worker that stopped: its loop starts a new one.
      await expect(relist.add([pod('more', '1')])).rejects.toThrow(/not open/);
      await relist.abandon();
      await writer.apply('a', 'pods', [{ type: 'upsert', object: pod('web-2', '1') }]);
      expect(names(reader, 'a')).toEqual(['listed', 'web-2']);
    } finally {
      await writer.close();
      reader.close();
    }
  });

  it('is not started on a file it cannot open, and says why', async () => {
    await expect(
      openWorkerWriter(join(dir, 'missing', 'index.sqlite'), sourceWorkerOptions),
    ).rejects.toThrow(/^index writer: .*unable to open/);
  });
});

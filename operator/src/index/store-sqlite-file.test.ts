import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { indexFormatVersion } from './schema.js';
import { createPacer } from './pacer.js';
import { IndexStore, runningPodsPerTurn } from './store.js';
import type { KubeObject } from './trim.js';
import { all, obj } from './testing/objects.js';

// What only the SQLite store has: its file format version, FTS5 triggers and WAL file.
describe('SQLite index store file', () => {
  it('empties a store written in an older format, so a relist rewrites every object', () => {
    const dir = mkdtempSync(join(tmpdir(), 'nimbus-index-'));
    try {
      const path = join(dir, 'index.db');
      const first = IndexStore.open(path);
      first.upsert('a', 'pods', [obj('web', 'demo')]);
      first.close();
      const raw = new DatabaseSync(path);
      raw.exec('PRAGMA user_version = 1');
      raw.close();
      const reopened = IndexStore.open(path);
      expect(reopened.count()).toBe(0);
      reopened.replaceAll('a', 'pods', [obj('web', 'demo')]);
      expect(reopened.count('a', 'pods')).toBe(1);
      expect(reopened.search({ text: 'web', scope: all('a') })).toHaveLength(1);
      reopened.close();
      const version = new DatabaseSync(path);
      expect(version.prepare('PRAGMA user_version').get()).toEqual({
        user_version: indexFormatVersion,
      });
      version.close();
      // The same format is kept as it is.
      const again = IndexStore.open(path);
      expect(again.count()).toBe(1);
      again.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('merges away the trigram entries of a dropped cluster’s rows', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nimbus-index-'));
    const stores: IndexStore[] = [];
    const readers: DatabaseSync[] = [];
    try {
      // Rows of cluster `keep` written in many transactions (segments), and of `drop` too when given.
      const filled = (name: string, drop: boolean) => {
        const path = join(dir, `${name}.db`);
        const store = IndexStore.open(path);
        stores.push(store);
        for (let batch = 0; batch < 20; batch++) {
          const names = Array.from({ length: 100 }, (_, i) => `pod-${batch}-${i}`);
          store.upsert(
            'keep',
            'pods',
            names.map((n) => obj(n, 'demo')),
          );
          if (drop)
            store.upsert(
              'drop',
              'pods',
              names.map((n) => obj(`gone-${n}`, 'demo')),
            );
        }
        const reader = new DatabaseSync(path);
        readers.push(reader);
        const records = () =>
          Number(
            (reader.prepare('SELECT count(*) AS n FROM objects_fts_data').get() as { n: number }).n,
          );
        return { store, records };
      };
      const only = filled('only', false);
      const both = filled('both', true);
      const withDropped = both.records();
      await both.store.dropCluster('drop');
      // Without the merge, the entries of the 2,000 dropped rows stay beside markers cancelling
      // them, and the table holds more than when they were there.
      expect(both.records()).toBeLessThan(withDropped);
      expect(both.records()).toBeLessThanOrEqual(only.records());
      expect(both.store.search({ text: 'pod-7-4', scope: all('keep', 'drop') })).toHaveLength(1);
      expect(both.store.search({ text: 'gone', scope: all('keep', 'drop') })).toEqual([]);
    } finally {
      for (const reader of readers) reader.close();
      for (const store of stores) store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('adopts a cluster with no rows in one turn, without merging the trigram index', async () => {
    let turns = 0;
    const store = IndexStore.open(':memory:', {
      pacer: createPacer((run) => {
        turns++;
        setImmediate(run);
      }),
    });
    try {
      // Many transactions: segments a merge would work on for several turns.
      for (let batch = 0; batch < 20; batch++) {
        store.upsert(
          'keep',
          'pods',
          Array.from({ length: 100 }, (_, i) => obj(`pod-${batch}-${i}`, 'demo')),
        );
      }
      expect(await store.adoptCluster('new', 'uid-new')).toBe(false);
      expect(turns).toBe(1);
      expect(store.adoptedBy('new')).toBe('uid-new');
    } finally {
      store.close();
    }
  });

  it("writes a label pair's trigrams once, with its first object, and drops them with its last", () => {
    const dir = mkdtempSync(join(tmpdir(), 'nimbus-index-'));
    try {
      const path = join(dir, 'index.db');
      const writer = IndexStore.open(path);
      const reader = new DatabaseSync(path);
      // Every write to an FTS5 table adds a segment record to its data table.
      const records = (table: string) =>
        reader.prepare(`SELECT count(*) AS n FROM ${table}_data`).get();
      const pairs = () =>
        reader.prepare('SELECT key, value, objects FROM label_pairs ORDER BY key, value').all();
      const pairText = () =>
        reader.prepare('SELECT rowid, pair FROM label_pairs_fts ORDER BY pair').all();
      writer.upsert('a', 'pods', [obj('web', 'demo', { labels: { tier: 'front' } })]);
      const names = records('objects_fts');
      const pairRecords = records('label_pairs_fts');
      writer.upsert('a', 'pods', [obj('api', 'demo', { labels: { tier: 'front' } })]);
      expect(records('label_pairs_fts')).toEqual(pairRecords);
      expect(pairs()).toEqual([{ key: 'tier', value: 'front', objects: 2 }]);
      expect(pairText()).toEqual([{ rowid: 1, pair: 'tier:front' }]);
      // A change of labels or status leaves the names' trigram table alone.
      const afterApi = records('objects_fts');
      expect(afterApi).not.toEqual(names);
      writer.upsert('a', 'pods', [
        {
          ...obj('web', 'demo', { rv: '2', labels: { tier: 'back' } }),
          status: { phase: 'Running' },
        },
      ]);
      expect(records('objects_fts')).toEqual(afterApi);
      expect(pairs()).toEqual([
        { key: 'tier', value: 'back', objects: 1 },
        { key: 'tier', value: 'front', objects: 1 },
      ]);
      writer.delete('a', 'pods', { namespace: 'demo', name: 'api', uid: 'demo-api' });
      expect(pairs()).toEqual([{ key: 'tier', value: 'back', objects: 1 }]);
      expect(pairText().map((row) => row.pair)).toEqual(['tier:back']);
      expect(writer.search({ text: 'tier:back', scope: all('a') })).toHaveLength(1);
      expect(writer.search({ text: 'tier:front', scope: all('a') })).toEqual([]);
      reader.close();
      writer.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keys a row by namespace and name: an object created again takes it over, uid included', () => {
    const store = IndexStore.open(':memory:');
    try {
      const labels = { app: 'web' };
      store.upsert('a', 'pods', [
        obj('a-web', 'demo', { uid: 'z-earlier', labels }),
        obj('b-web', 'demo', { uid: 'b', labels }),
      ]);
      // The watch missed the deletion: the later object's event is all it hears.
      store.apply('a', 'pods', [
        { type: 'upsert', object: obj('a-web', 'demo', { uid: 'a-later', labels }) },
      ]);
      const listed = () => store.list({ scope: all('a'), kinds: ['pods'] }).items.map((o) => o.uid);
      expect(listed()).toEqual(['a-later', 'b']);
      // A label's pairs, paged in (name, namespace, cluster, uid) order, name the later uid too,
      // though the labels did not change: the second page starts after it, not at it again.
      const first = store.list({ scope: all('a'), kinds: ['pods'], labels: ['app:web'], limit: 1 });
      expect(first.items.map((o) => o.uid)).toEqual(['a-later']);
      const second = store.list({
        scope: all('a'),
        kinds: ['pods'],
        labels: ['app:web'],
        limit: 1,
        after: first.nextCursor,
      });
      expect(second.items.map((o) => o.uid)).toEqual(['b']);
      store.delete('a', 'pods', { namespace: 'demo', name: 'a-web', uid: 'z-earlier' });
      expect(listed()).toEqual(['a-later', 'b']);
    } finally {
      store.close();
    }
  });

  it('reads the running pods through their own index, a page per turn of the event loop', async () => {
    const store = IndexStore.open(':memory:');
    try {
      const pod = (i: number, phase: string): KubeObject => ({
        ...obj(`p-${String(i).padStart(5, '0')}`, 'demo'),
        status: { phase },
      });
      const running = 2 * runningPodsPerTurn + 10;
      store.upsert('a', 'pods', [
        ...Array.from({ length: running }, (_, i) => pod(i, 'Running')),
        ...Array.from({ length: 50 }, (_, i) => pod(running + i, 'Pending')),
      ]);
      const read = store.runningPodsOf('a');
      let turned = false;
      setImmediate(() => {
        turned = true;
      });
      const pods = await read;
      expect(turned).toBe(true);
      expect(pods).toHaveLength(running);
      expect(pods.at(-1)?.metadata?.name).toBe(`p-${String(running - 1).padStart(5, '0')}`);
    } finally {
      store.close();
    }
  });

  it('persists to a WAL file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'nimbus-index-'));
    try {
      const path = join(dir, 'index.db');
      const first = IndexStore.open(path);
      first.upsert('a', 'pods', [obj('web', 'demo')]);
      first.close();
      const second = IndexStore.open(path);
      expect(second.count('a', 'pods')).toBe(1);
      expect(second.count()).toBe(1);
      second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

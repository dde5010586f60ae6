import { beforeEach, describe, expect, it } from 'vitest';
import { InvalidCursorError } from './cursor.js';
import type { KubeObject } from './trim.js';
import { all, obj } from './testing/objects.js';
import {
  cleanUpIndexStores,
  indexStoreKinds,
  type TestIndexStore,
} from '../testing/index-stores.js';

// Keyset pages and their cursors, on both stores (split from store.test.ts, which keeps the
// writes, filters and search).
cleanUpIndexStores();

describe.each(indexStoreKinds)('$name index store pages', (kind) => {
  let store: TestIndexStore;
  beforeEach(async () => {
    store = await kind.open({ now: () => 42 });
  });

  it('pages by keyset, stable across ties in name, with no gaps or repeats', async () => {
    const objects: KubeObject[] = [];
    for (let i = 0; i < 25; i++) {
      // Many rows share a name; namespace and cluster break the tie (a kind's names are unique
      // per namespace).
      objects.push(obj(`pod-${i % 4}`, `ns-${i % 7}`, { uid: `u${String(i).padStart(2, '0')}` }));
    }
    await store.upsert('a', 'pods', objects.slice(0, 13));
    await store.upsert('b', 'pods', objects.slice(13));
    const seen: string[] = [];
    let after: string | undefined;
    let pages = 0;
    do {
      const page = await store.list({ scope: all('a', 'b'), kinds: ['pods'], limit: 4, after });
      seen.push(...page.items.map((o) => o.uid));
      after = page.nextCursor;
      pages++;
    } while (after);
    expect(pages).toBe(7);
    expect(new Set(seen).size).toBe(25);
    const full = await store.list({ scope: all('a', 'b'), kinds: ['pods'], limit: 100 });
    expect(full.items.map((o) => o.uid)).toEqual(seen);
    expect(full.nextCursor).toBeUndefined();
  });

  it('sorts by creation time in both directions and rejects foreign cursors', async () => {
    await store.upsert('a', 'pods', [
      obj('b', 'demo', { created: '2026-01-02T00:00:00Z' }),
      obj('a', 'demo', { created: '2026-01-03T00:00:00Z' }),
      obj('c', 'demo', { created: '2026-01-01T00:00:00Z' }),
    ]);
    const desc = await store.list({
      scope: all('a'),
      kinds: ['pods'],
      sort: 'created',
      order: 'desc',
      limit: 2,
    });
    expect(desc.items.map((o) => o.name)).toEqual(['a', 'b']);
    const next = await store.list({
      scope: all('a'),
      kinds: ['pods'],
      sort: 'created',
      order: 'desc',
      after: desc.nextCursor,
    });
    expect(next.items.map((o) => o.name)).toEqual(['c']);
    // An async function turns SQLite's throw into a rejection, as PostgreSQL's store rejects.
    await expect(
      (async () =>
        store.list({ scope: all('a'), kinds: ['pods'], sort: 'name', after: desc.nextCursor }))(),
    ).rejects.toThrow(InvalidCursorError);
    await expect(
      (async () => store.list({ scope: all('a'), kinds: ['pods'], after: 'garbage' }))(),
    ).rejects.toThrow(InvalidCursorError);
  });

  it('ties creation times by the order rows were first written, page by page and after updates', async () => {
    const second = { created: '2026-01-05T00:00:00Z' };
    await store.upsert('a', 'pods', [obj('c', 'demo', second), obj('a', 'demo', second)]);
    await store.upsert('a', 'pods', [obj('b', 'demo', second), obj('z', 'demo')]);
    // An update keeps the row where it was written.
    await store.upsert('a', 'pods', [obj('c', 'demo', { ...second, rv: '2' })]);
    const paged = async (order: 'asc' | 'desc') => {
      const names: string[] = [];
      let after: string | undefined;
      do {
        const page = await store.list({
          scope: all('a'),
          kinds: ['pods'],
          sort: 'created',
          order,
          limit: 1,
          ...(after ? { after } : {}),
        });
        names.push(...page.items.map((o) => o.name));
        after = page.nextCursor;
      } while (after);
      return names;
    };
    expect(await paged('asc')).toEqual(['z', 'c', 'a', 'b']);
    expect(await paged('desc')).toEqual(['b', 'a', 'c', 'z']);
    // A crafted cursor whose row number is text is refused, not handed to the database.
    const crafted = Buffer.from(JSON.stringify(['created.asc', second.created, '1'])).toString(
      'base64url',
    );
    await expect(
      (async () =>
        store.list({ scope: all('a'), kinds: ['pods'], sort: 'created', after: crafted }))(),
    ).rejects.toThrow(InvalidCursorError);
  });
});

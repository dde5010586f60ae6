// Label filters on both index stores, against the same filter written out in JavaScript: every
// plan the SQLite store chooses (the walk of an ordered label's pairs, the few pairs of a label
// it cannot walk, the few rows of a name, the walk of the sort's index) must give the pages the
// plain definition gives, page by page through the cursors, for whole and namespace-limited
// callers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClusterScope } from '../access/caller-scope.js';
import type { IndexedObject } from './store.js';
import { fewTrigramMatches, sortColumns, type ListQuery } from './store-query.js';
import type { KubeObject } from './trim.js';
import { everyKindIn } from './testing/scope.js';
import { closeIndexStores, indexStoreKinds, type TestIndexStore } from '../testing/index-stores.js';

// The filled stores serve every case of their suite; all are closed at the end.
afterAll(closeIndexStores);

interface Meta {
  name: string;
  namespace: string;
  uid: string;
  creationTimestamp: string;
  labels: Record<string, string>;
}

interface Stored {
  cluster: string;
  kind: string;
  meta: Meta;
}

const objectOf = (row: Stored): KubeObject => ({
  apiVersion: 'v1',
  kind: row.kind === 'pods' ? 'Pod' : 'Service',
  metadata: { ...row.meta, resourceVersion: '1' },
});

const apps = ['alpha', 'beta', 'gamma', 'delta', 'omega'];

/** Names follow their app label, as in real clusters: an app's objects lie together by name. */
function pod(i: number, kind = 'pods'): Stored {
  const app = apps[i % apps.length] as string;
  const labels: Record<string, string> = { app, tier: i % 2 ? 'web' : 'db' };
  if (i % 23 === 0) labels.rare = 'x';
  if (i % 31 === 0) labels.rare = 'y';
  return {
    cluster: i % 3 ? 'a' : 'b',
    kind,
    meta: {
      name: `${app}-${String(i).padStart(4, '0')}`,
      namespace: `ns-${i % 4}`,
      uid: `${kind}-${i}`,
      creationTimestamp: new Date(1_700_000_000_000 + ((i * 7919) % 1000) * 60_000).toISOString(),
      labels,
    },
  };
}

const objects = [
  ...Array.from({ length: 240 }, (_, i) => pod(i)),
  ...Array.from({ length: 40 }, (_, i) => pod(i * 3 + 1, 'services')),
];

function allowed(scope: readonly ClusterScope[], row: Stored): boolean {
  const meta = row.meta;
  return scope.some(
    (entry) =>
      entry.cluster === row.cluster &&
      entry.kinds.includes(row.kind) &&
      (!entry.namespaces || entry.namespaces.includes(meta.namespace)),
  );
}

function hasLabel(row: Stored, input: string): boolean {
  const at = input.indexOf(':');
  const key = (at < 0 ? input : input.slice(0, at)).trim();
  const value = at < 0 ? '' : input.slice(at + 1).trim();
  const labels = row.meta.labels;
  return key in labels && (value === '' || labels[key] === value);
}

/** The order `filled` writes the rows in: both stores number rows as they are first written. */
const fillOrder = ['a', 'b'].flatMap((cluster) =>
  ['pods', 'services'].flatMap((resource) =>
    objects.filter((row) => row.cluster === cluster && row.kind === resource),
  ),
);

/** A sort column's value; `id` is the row's number, its place in the order written. */
const columnOf = (row: Stored, column: string, numbers: Map<Stored, number>): string | number => {
  const meta = row.meta;
  const values: Record<string, string | number> = {
    name: meta.name,
    namespace: meta.namespace,
    cluster: row.cluster,
    kind: row.kind,
    uid: meta.uid,
    created: meta.creationTimestamp,
    id: numbers.get(row) ?? -1,
  };
  return values[column] ?? '';
};

/**
 * The list by its definition: filters, then the sort's keyset order. `rows` are in the order
 * they were written.
 */
function expected(query: ListQuery, rows: readonly Stored[] = fillOrder): string[] {
  const sort = query.sort ?? 'name';
  const sign = query.order === 'desc' ? -1 : 1;
  const name = query.nameContains?.trim().toLowerCase();
  const numbers = new Map(rows.map((row, at) => [row, at]));
  return rows
    .filter(
      (row) =>
        allowed(query.scope, row) &&
        query.kinds.includes(row.kind) &&
        (!query.clusters || query.clusters.includes(row.cluster)) &&
        (!query.namespaces || query.namespaces.includes(row.meta.namespace)) &&
        (query.labels ?? []).every((label) => hasLabel(row, label)) &&
        (!name || row.meta.name.toLowerCase().includes(name)),
    )
    .sort((x, y) => {
      for (const column of sortColumns[sort]) {
        const a = columnOf(x, column, numbers);
        const b = columnOf(y, column, numbers);
        if (a !== b) return a < b ? -sign : sign;
      }
      return 0;
    })
    .map((row) => row.meta.uid);
}

/** Every page of the list through its cursors. */
async function paged(store: TestIndexStore, query: ListQuery): Promise<string[]> {
  const seen: string[] = [];
  let after: string | undefined;
  for (let page = 0; page < 100; page++) {
    const result = await store.list({ ...query, limit: 7, ...(after ? { after } : {}) });
    seen.push(...result.items.map((item: IndexedObject) => item.uid));
    if (!result.nextCursor) return seen;
    after = result.nextCursor;
  }
  throw new Error('more than 100 pages');
}

const whole = [everyKindIn('a'), everyKindIn('b')];
const limited = [everyKindIn('a', ['ns-1', 'ns-2']), everyKindIn('b')];

async function filled(kind: (typeof indexStoreKinds)[number]): Promise<TestIndexStore> {
  const store = await kind.open();
  for (const cluster of ['a', 'b']) {
    for (const resource of ['pods', 'services']) {
      const rows = fillOrder.filter((row) => row.cluster === cluster && row.kind === resource);
      await store.upsert(cluster, resource, rows.map(objectOf));
    }
  }
  return store;
}

describe.each(indexStoreKinds)('$name index store: label filters', (kind) => {
  let store: TestIndexStore;
  beforeAll(async () => {
    store = await filled(kind);
  });

  const labelSets = [
    ['app:gamma'],
    ['tier:web'],
    ['rare:x'],
    ['rare'],
    ['rare:'],
    ['app:omega', 'tier:db'],
    ['tier:web', 'rare'],
    ['app:nothing'],
  ];
  const shapes: { title: string; query: Omit<ListQuery, 'labels'> }[] = [
    { title: 'pods by name', query: { scope: whole, kinds: ['pods'] } },
    { title: 'pods by name, descending', query: { scope: whole, kinds: ['pods'], order: 'desc' } },
    { title: 'pods by creation', query: { scope: whole, kinds: ['pods'], sort: 'created' } },
    {
      title: 'pods by creation, descending',
      query: { scope: whole, kinds: ['pods'], sort: 'created', order: 'desc' },
    },
    { title: 'two kinds by name', query: { scope: whole, kinds: ['pods', 'services'] } },
    { title: 'a namespace-limited caller', query: { scope: limited, kinds: ['pods'] } },
    {
      title: 'two namespaces chosen, cluster a',
      query: { scope: whole, kinds: ['pods'], namespaces: ['ns-0', 'ns-3'], clusters: ['a'] },
    },
    {
      title: 'a name of few matches',
      query: { scope: whole, kinds: ['pods'], nameContains: 'ga-01' },
    },
    {
      title: 'a name too short for trigrams',
      query: { scope: whole, kinds: ['pods'], nameContains: '7' },
    },
  ];

  for (const shape of shapes) {
    it(`pages ${shape.title} as the filter's definition does, for each label filter`, async () => {
      for (const labels of labelSets) {
        const query = { ...shape.query, labels };
        const want = expected(query);
        expect(await paged(store, query), labels.join(',')).toEqual(want);
      }
      // The cases have matches to page through.
      expect(expected({ ...shape.query, labels: ['tier:web'] }).length).toBeGreaterThan(7);
    });
  }

  it('follows label and name changes, deletes and relists', async () => {
    const changed = await kind.open();
    const first = pod(5);
    await changed.upsert('a', 'pods', [objectOf(first), objectOf(pod(10))]);
    const labelled = async (label: string) =>
      (await changed.list({ scope: whole, kinds: ['pods'], labels: [label] })).items.map(
        (item) => item.name,
      );
    expect(await labelled('app:alpha')).toEqual(['alpha-0005', 'alpha-0010']);
    const moved = objectOf({
      ...first,
      meta: { ...first.meta, labels: { app: 'beta', extra: 'yes' } },
    });
    await changed.upsert('a', 'pods', [
      { ...moved, metadata: { ...moved.metadata, resourceVersion: '2' } },
    ]);
    expect(await labelled('app:alpha')).toEqual(['alpha-0010']);
    expect(await labelled('app:beta')).toEqual(['alpha-0005']);
    expect(await labelled('extra:yes')).toEqual(['alpha-0005']);
    await changed.delete('a', 'pods', { ...first.meta, namespace: first.meta.namespace ?? '' });
    expect(await labelled('app:beta')).toEqual([]);
    const relist = changed.beginRelist('a', 'pods');
    await relist.add([objectOf(pod(15))]);
    await relist.finish();
    expect(await labelled('app:alpha')).toEqual(['alpha-0015']);
  });
});

describe.each(indexStoreKinds)('$name index store: a label on many objects', (kind) => {
  it('pages it in any order when its pairs are too many to start from', async () => {
    const store = await kind.open();
    const many = Array.from({ length: fewTrigramMatches + 100 }, (_, i) => ({
      ...pod(i * 5),
      cluster: 'b',
    }));
    await store.upsert('b', 'pods', many.map(objectOf));
    for (const order of ['asc', 'desc'] as const) {
      const query: ListQuery = {
        scope: [everyKindIn('b')],
        kinds: ['pods'],
        labels: ['app:alpha'],
        sort: 'created',
        order,
      };
      const page = await store.list({ ...query, limit: 20 });
      const want = expected(query, many);
      expect(want).toHaveLength(many.length);
      expect(page.items.map((item) => item.uid)).toEqual(want.slice(0, 20));
    }
  });
});

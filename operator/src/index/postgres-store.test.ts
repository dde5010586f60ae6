// What only the PostgreSQL index store does; what both do is in store.test.ts.
import { describe, expect, it } from 'vitest';
import { cleanUpIndexStores, openPostgresIndex } from '../testing/index-stores.js';
import type { KubeObject } from './trim.js';

cleanUpIndexStores();

const pod = (name: string): KubeObject => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name, namespace: 'demo', uid: `uid-${name}`, resourceVersion: '1' },
});

describe('the PostgreSQL index store', () => {
  it("counts the objects of the members a replica syncs only, for that replica's /metrics", async () => {
    const store = await openPostgresIndex();
    await store.upsert('a', 'pods', [pod('p1'), pod('p2')]);
    await store.upsert('a', 'services', [pod('s1')]);
    await store.upsert('b', 'pods', [pod('p3')]);
    const sorted = (counts: Awaited<ReturnType<typeof store.objectCounts>>) =>
      [...counts].sort((x, y) => `${x.cluster}/${x.kind}`.localeCompare(`${y.cluster}/${y.kind}`));
    expect(sorted(await store.objectCounts(['a']))).toEqual([
      { cluster: 'a', kind: 'pods', objects: 2 },
      { cluster: 'a', kind: 'services', objects: 1 },
    ]);
    expect(await store.objectCounts([])).toEqual([]);
    expect(sorted(await store.objectCounts())).toHaveLength(3);
  });
});

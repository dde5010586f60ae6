// What only the PostgreSQL index store does; what both do is in store.test.ts.
import { describe, expect, it } from 'vitest';
import { createLogger } from '../logger.js';
import { migrateSchema } from '../postgres/migrate.js';
import { openPostgresPool } from '../postgres/pool.js';
import { cleanUpIndexStores, openPostgresIndex } from '../testing/index-stores.js';
import { createTestDatabase } from '../testing/postgres-database.js';
import { indexMigrations, indexObjectsMigration } from './postgres-schema.js';
import { PostgresIndexStore } from './postgres-store.js';
import { everyKindIn } from './testing/scope.js';
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

  it('numbers the rows a store held before rows were numbered, and lists them by creation', async () => {
    const database = await createTestDatabase();
    const pool = openPostgresPool({ url: database.url }, createLogger('silent'));
    try {
      await migrateSchema(pool, [indexObjectsMigration], createLogger('silent'));
      const store = new PostgresIndexStore(pool);
      const made = (name: string, created: string): KubeObject => ({
        ...pod(name),
        metadata: { ...pod(name).metadata, creationTimestamp: created },
      });
      await store.upsert('a', 'pods', [
        made('late', '2026-01-03T00:00:00Z'),
        made('early', '2026-01-01T00:00:00Z'),
      ]);
      await migrateSchema(pool, indexMigrations, createLogger('silent'));
      await store.upsert('a', 'pods', [made('middle', '2026-01-02T00:00:00Z')]);
      const names: string[] = [];
      let after: string | undefined;
      do {
        const page = await store.list({
          scope: [everyKindIn('a')],
          kinds: ['pods'],
          sort: 'created',
          limit: 1,
          ...(after ? { after } : {}),
        });
        names.push(...page.items.map((item) => item.name));
        after = page.nextCursor;
      } while (after);
      expect(names).toEqual(['early', 'middle', 'late']);
    } finally {
      await pool.end();
      await database.drop();
    }
  });
});

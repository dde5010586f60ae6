// Both index stores for the suites that hold for either (docs/testing.md): SQLite in memory,
// and PostgreSQL on a fresh database of the unit tier's server, schema migrated as at start.
import { afterEach } from 'vitest';
import { indexMigrations } from '../index/postgres-schema.js';
import { PostgresIndexStore } from '../index/postgres-store.js';
import { IndexStore } from '../index/store.js';
import { createLogger } from '../logger.js';
import { migrateSchema } from '../postgres/migrate.js';
import { openPostgresPool } from '../postgres/pool.js';
import { createTestDatabase } from './postgres-database.js';

export type TestIndexStore = IndexStore | PostgresIndexStore;

export interface IndexStoreKind {
  name: 'SQLite' | 'PostgreSQL';
  open(options?: { now?: () => number }): Promise<TestIndexStore>;
}

const cleanups: (() => Promise<void> | void)[] = [];

/** Closes and removes what the index stores opened so far, newest first. */
export async function closeIndexStores(): Promise<void> {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
}

/** Closes and removes what each test's index stores opened, after the test. */
export function cleanUpIndexStores(): void {
  afterEach(closeIndexStores);
}

async function openSqlite(options: { now?: () => number } = {}): Promise<TestIndexStore> {
  const store = IndexStore.open(':memory:', options);
  cleanups.push(() => store.close());
  return store;
}

/** A PostgreSQL index on a database of its own (the pool is closed and the database dropped). */
export async function openPostgresIndex(
  options: { now?: () => number } = {},
): Promise<PostgresIndexStore> {
  const database = await createTestDatabase();
  cleanups.push(() => database.drop());
  const pool = openPostgresPool({ url: database.url }, createLogger('silent'));
  cleanups.push(() => pool.end());
  await migrateSchema(pool, indexMigrations, createLogger('silent'));
  return new PostgresIndexStore(pool, options);
}

export const indexStoreKinds: readonly IndexStoreKind[] = [
  { name: 'SQLite', open: openSqlite },
  { name: 'PostgreSQL', open: openPostgresIndex },
];

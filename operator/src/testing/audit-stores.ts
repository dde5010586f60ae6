import { afterEach } from 'vitest';
import { auditMigrations } from '../audit/postgres-schema.js';
import { postgresAuditStore } from '../audit/postgres-store.js';
import { openSqliteAuditStore } from '../audit/sqlite-store.js';
import type { AuditStore } from '../audit/store.js';
import { migrateSchema } from '../postgres/migrate.js';
import { openPostgresPool, postgresLocation } from '../postgres/pool.js';
import { createLogger } from '../logger.js';
import { tempDataDir } from './audit.js';
import { createTestDatabase } from './postgres-database.js';

export interface OpenedAuditStore {
  store: AuditStore;
  /** Another handle on the same records: the file opened again, or a second pool (replica). */
  reopen(): Promise<AuditStore>;
}

export interface AuditStoreKind {
  name: 'SQLite' | 'PostgreSQL';
  open(): Promise<OpenedAuditStore>;
}

const cleanups: (() => Promise<void> | void)[] = [];

/** Closes and removes what the test's stores opened, newest first. */
export function cleanUpAuditStores(): void {
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
}

async function openSqlite(): Promise<OpenedAuditStore> {
  const data = tempDataDir();
  cleanups.push(data.remove);
  const open = async (): Promise<AuditStore> => {
    const store = openSqliteAuditStore(data.dir);
    cleanups.push(() => store.close());
    return store;
  };
  return { store: await open(), reopen: open };
}

/** A store on a fresh database of the unit tier's server, schema migrated as at start. */
export async function openPostgresForTest(): Promise<OpenedAuditStore & { url: string }> {
  const database = await createTestDatabase();
  cleanups.push(() => database.drop());
  const open = async (): Promise<AuditStore> => {
    const pool = openPostgresPool({ url: database.url }, createLogger('silent'));
    await migrateSchema(pool, auditMigrations, createLogger('silent'));
    const store = postgresAuditStore({
      pool,
      location: postgresLocation(database.url),
      ownsPool: true,
    });
    cleanups.push(() => store.close());
    return store;
  };
  return { store: await open(), reopen: open, url: database.url };
}

/** Both stores: the suites that hold for either run on each (docs/testing.md). */
export const auditStoreKinds: readonly AuditStoreKind[] = [
  { name: 'SQLite', open: openSqlite },
  { name: 'PostgreSQL', open: openPostgresForTest },
];

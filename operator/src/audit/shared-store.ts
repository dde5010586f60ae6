// The shared PostgreSQL store of a replica: one pool for the audit trail and the index, its
// schema brought up to date at start (docs/decisions/shared-store.md). It is here because the
// audit trail is the highest layer whose steps it gathers (docs/decisions/operator-layering.md).
import type pg from 'pg';
import { auditMigrations } from './postgres-schema.js';
import type { StoreConfig } from '../config.js';
import { indexMigrations } from '../index/postgres-schema.js';
import type { Logger } from '../logger.js';
import { migrateSchema, type SchemaMigration } from '../postgres/migrate.js';
import { openPostgresPool } from '../postgres/pool.js';

/** Every step of the shared store's schema, in the order they were released. */
export const sharedStoreMigrations: readonly SchemaMigration[] = [
  ...auditMigrations,
  ...indexMigrations,
];

/**
 * The replica's pool with the schema migrated. A database that cannot be reached stops the
 * start, as a missing volume would.
 */
export async function openSharedPool(
  store: Extract<StoreConfig, { kind: 'postgres' }>,
  logger: Logger,
): Promise<pg.Pool> {
  const pool = openPostgresPool(store, logger);
  try {
    await migrateSchema(pool, sharedStoreMigrations, logger);
  } catch (error) {
    await pool.end();
    throw error;
  }
  return pool;
}

import type pg from 'pg';
import { Umzug } from 'umzug';
import type { UmzugStorage } from 'umzug';
import type { Logger } from '../logger.js';

/** One step of the shared store's schema; applied once, in name order, never edited after release. */
export interface SchemaMigration {
  /** Sorts in the order the steps apply: `0001-audit-records`, `0002-…`. */
  name: string;
  /** Statements run in one transaction with the record that the step was applied. */
  up: string;
}

const migrationsTable = 'nimbus_schema_migrations';
/** Replicas that start together take turns: the first applies, the others find it done. */
const migrationLockKey = 0x6e696d62; // "nimb"

function storage(client: pg.PoolClient): UmzugStorage<pg.PoolClient> {
  return {
    async logMigration({ name }) {
      await client.query(
        `INSERT INTO ${migrationsTable} (name) VALUES ($1) ON CONFLICT DO NOTHING`,
        [name],
      );
    },
    async unlogMigration({ name }) {
      await client.query(`DELETE FROM ${migrationsTable} WHERE name = $1`, [name]);
    },
    async executed() {
      const result = await client.query<{ name: string }>(
        `SELECT name FROM ${migrationsTable} ORDER BY name`,
      );
      return result.rows.map((row) => row.name);
    },
  };
}

/**
 * Brings the shared store's schema up to date with Umzug (docs/decisions/shared-store.md): the
 * applied steps are rows of `nimbus_schema_migrations`; an advisory lock keeps two replicas
 * from applying the same step. Each step and its row commit together, so a replica killed in
 * the middle leaves the step to the next one whole.
 */
export async function migrateSchema(
  pool: pg.Pool,
  migrations: readonly SchemaMigration[],
  log: Logger,
): Promise<string[]> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [migrationLockKey]);
    try {
      await client.query(
        `CREATE TABLE IF NOT EXISTS ${migrationsTable} ` +
          '(name TEXT PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())',
      );
      const umzug = new Umzug<pg.PoolClient>({
        migrations: migrations.map((migration) => ({
          name: migration.name,
          async up({ context }) {
            await context.query('BEGIN');
            try {
              await context.query(migration.up);
              await context.query(
                `INSERT INTO ${migrationsTable} (name) VALUES ($1) ON CONFLICT DO NOTHING`,
                [migration.name],
              );
              await context.query('COMMIT');
            } catch (error) {
              await context.query('ROLLBACK');
              throw error;
            }
          },
        })),
        context: client,
        storage: storage(client),
        logger: undefined,
      });
      const applied = await umzug.up();
      const names = applied.map((step) => step.name);
      if (names.length > 0) log.info({ steps: names }, 'shared store schema migrated');
      return names;
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [migrationLockKey]);
    }
  } finally {
    client.release();
  }
}

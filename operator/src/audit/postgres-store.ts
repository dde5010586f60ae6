import type pg from 'pg';
import { unlessStoreAway } from '../postgres/unavailable.js';
import type { MonthPartition } from './month-partitions.js';
import { monthNamed, monthOf } from './month-partitions.js';
import type { AuditRecord } from './record.js';
import type { AuditStore } from './store.js';
import {
  numberedPlaceholders,
  recordColumns,
  recordParams,
  rowToRecord,
  whereClause,
} from './store-query.js';

export interface PostgresAuditStoreOptions {
  /** Schema already migrated (postgres/migrate.ts). */
  pool: pg.Pool;
  /** Where the database is, without credentials (postgres/pool.ts postgresLocation). */
  location: string;
  /** Ends the pool on close: set when the store is the pool's only user. */
  ownsPool?: boolean;
}

const columnCount = recordColumns.split(',').length;
/** Records per INSERT: 500 × 22 parameters stays far below PostgreSQL's 65,535. */
const insertChunk = 500;
/** Creating and dropping months takes turns across replicas. */
const partitionLockKey = 0x6e696d61; // "nima"
// PostgreSQL: "no partition of relation found for row" (another replica dropped that month).
const noPartition = '23514';

/**
 * TEXT in PostgreSQL cannot hold U+0000, which SQLite takes. A caller could put one in a
 * message and make every retry of that batch fail, losing the records beside it, so it is
 * stored as U+FFFD.
 */
function storable(value: unknown): unknown {
  return typeof value === 'string' ? value.replaceAll('\u0000', '\uFFFD') : value;
}

function insertSql(rows: number): string {
  const tuples = Array.from({ length: rows }, (_, row) => {
    const first = row * columnCount;
    return `(${Array.from({ length: columnCount }, (__, column) => `$${first + column + 1}`).join(', ')})`;
  });
  return `INSERT INTO audit_records (${recordColumns}) VALUES ${tuples.join(', ')} ON CONFLICT DO NOTHING`;
}

async function inTransaction<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    try {
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    }
  } finally {
    client.release();
  }
}

async function monthsPresent(client: pg.ClientBase | pg.Pool): Promise<MonthPartition[]> {
  const result = await client.query<{ name: string }>(
    'SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid ' +
      "WHERE i.inhparent = 'audit_records'::regclass",
  );
  return result.rows
    .map((row) => monthNamed(row.name))
    .filter((month): month is MonthPartition => month !== undefined)
    .sort((a, b) => a.from - b.from);
}

/** Drops a month and says how many records went with it. */
async function dropMonth(client: pg.ClientBase, month: MonthPartition): Promise<number> {
  const counted = await client.query<{ total: number }>(
    `SELECT count(*) AS total FROM ${month.name}`,
  );
  await client.query(`DROP TABLE IF EXISTS ${month.name}`);
  return counted.rows[0]?.total ?? 0;
}

/**
 * The audit trail in the PostgreSQL database every replica shares (docs/audit.md): each
 * replica appends its own records, any replica answers any query, and retention drops whole
 * months. What a replica has written is there after it is gone.
 */
export function postgresAuditStore(options: PostgresAuditStoreOptions): AuditStore {
  const { pool } = options;
  /** Months this replica saw created; another replica's drop is caught on insert. */
  const known = new Set<string>();
  let closed = false;

  async function createMonths(times: readonly number[]): Promise<void> {
    const months = new Map<string, MonthPartition>();
    for (const time of times) {
      const month = monthOf(time);
      if (!known.has(month.name)) months.set(month.name, month);
    }
    if (months.size === 0) return;
    await inTransaction(pool, async (client) => {
      await client.query('SELECT pg_advisory_xact_lock($1)', [partitionLockKey]);
      for (const month of months.values()) {
        // The name and bounds are computed from a number above, never taken from input.
        await client.query(
          `CREATE TABLE IF NOT EXISTS ${month.name} PARTITION OF audit_records ` +
            `FOR VALUES FROM (${month.from}) TO (${month.to})`,
        );
      }
    });
    for (const name of months.keys()) known.add(name);
  }

  async function insert(records: readonly AuditRecord[]): Promise<void> {
    await inTransaction(pool, async (client) => {
      for (let start = 0; start < records.length; start += insertChunk) {
        const chunk = records.slice(start, start + insertChunk);
        await client.query(insertSql(chunk.length), chunk.flatMap(recordParams).map(storable));
      }
    });
  }

  async function usedBytes(): Promise<number> {
    const result = await pool.query<{ bytes: number }>(
      'SELECT COALESCE(sum(pg_total_relation_size(inhrelid)), 0)::bigint AS bytes ' +
        "FROM pg_inherits WHERE inhparent = 'audit_records'::regclass",
    );
    return result.rows[0]?.bytes ?? 0;
  }

  return {
    location: options.location,
    shared: true,
    async append(records) {
      if (records.length === 0) return;
      await createMonths(records.map((record) => record.requestTime));
      try {
        await insert(records);
      } catch (error) {
        if ((error as { code?: unknown }).code !== noPartition) throw error;
        known.clear();
        await createMonths(records.map((record) => record.requestTime));
        await insert(records);
      }
    },
    query: (filter, window) =>
      unlessStoreAway(async () => {
        const where = whereClause(filter);
        const whereSql = numberedPlaceholders(where.sql);
        const counted =
          window.total === false
            ? undefined
            : await pool.query<{ total: number }>(
                `SELECT count(*) AS total FROM audit_records ${whereSql}`,
                where.params,
              );
        const next = where.params.length + 1;
        const rows = await pool.query(
          `SELECT ${recordColumns} FROM audit_records ${whereSql} ` +
            `ORDER BY request_time DESC, id DESC LIMIT $${next} OFFSET $${next + 1}`,
          [...where.params, window.limit, window.offset],
        );
        return {
          items: rows.rows.map((row) => rowToRecord(row as Parameters<typeof rowToRecord>[0])),
          total: counted ? (counted.rows[0]?.total ?? 0) : -1,
        };
      }),
    async prune(olderThan) {
      return inTransaction(pool, async (client) => {
        await client.query('SELECT pg_advisory_xact_lock($1)', [partitionLockKey]);
        let removed = 0;
        for (const month of await monthsPresent(client)) {
          if (month.to > olderThan) break;
          removed += await dropMonth(client, month);
          known.delete(month.name);
        }
        const deleted = await client.query('DELETE FROM audit_records WHERE request_time < $1', [
          olderThan,
        ]);
        return removed + (deleted.rowCount ?? 0);
      });
    },
    async pruneToSize(maxBytes) {
      // Deleted rows free no space until a vacuum, so the size cap drops whole months, oldest
      // first, and never the newest (docs/audit.md "Retention").
      let removed = 0;
      for (;;) {
        if ((await usedBytes()) <= maxBytes) return removed;
        const dropped = await inTransaction(pool, async (client) => {
          await client.query('SELECT pg_advisory_xact_lock($1)', [partitionLockKey]);
          const months = await monthsPresent(client);
          const oldest = months[0];
          if (months.length <= 1 || !oldest) return undefined;
          known.delete(oldest.name);
          return dropMonth(client, oldest);
        });
        if (dropped === undefined) return removed;
        removed += dropped;
      }
    },
    usedBytes,
    async count() {
      const result = await pool.query<{ total: number }>(
        'SELECT count(*) AS total FROM audit_records',
      );
      return result.rows[0]?.total ?? 0;
    },
    async close() {
      if (closed) return;
      closed = true;
      if (options.ownsPool) await pool.end();
    },
  };
}

import { chmodSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { AuditStore } from './store.js';
import { recordColumns, recordParams, rowToRecord, whereClause } from './store-query.js';

export const auditFileName = 'audit.sqlite';

// auto_vacuum must be chosen before the first table exists, hence first.
const tableSchema = `
PRAGMA auto_vacuum = INCREMENTAL;
CREATE TABLE IF NOT EXISTS audit_records (
  id TEXT PRIMARY KEY,
  user_name TEXT NOT NULL,
  organization TEXT,
  organization_uid TEXT,
  resource TEXT NOT NULL,
  method TEXT NOT NULL,
  request_time INTEGER NOT NULL,
  uri TEXT NOT NULL,
  http_status INTEGER NOT NULL,
  code INTEGER,
  message TEXT NOT NULL,
  handle_time_ms INTEGER NOT NULL,
  request_header TEXT NOT NULL,
  request_body TEXT NOT NULL,
  response_body TEXT NOT NULL DEFAULT '',
  level TEXT,
  cluster TEXT,
  namespace TEXT,
  kind TEXT,
  name TEXT,
  operation TEXT,
  category TEXT
);
`;

// After the table is brought up to date, since indexes may name columns added on open.
const indexSchema = `
CREATE INDEX IF NOT EXISTS audit_by_time ON audit_records (request_time DESC, id DESC);
CREATE INDEX IF NOT EXISTS audit_by_user ON audit_records (user_name, request_time DESC);
CREATE INDEX IF NOT EXISTS audit_by_organization ON audit_records (organization_uid, request_time DESC);
CREATE INDEX IF NOT EXISTS audit_by_method ON audit_records (method, request_time DESC);
CREATE INDEX IF NOT EXISTS audit_by_status ON audit_records (http_status, request_time DESC);
CREATE INDEX IF NOT EXISTS audit_by_code ON audit_records (code, request_time DESC);
CREATE INDEX IF NOT EXISTS audit_by_resource ON audit_records (resource, request_time DESC);
CREATE INDEX IF NOT EXISTS audit_by_cluster ON audit_records (cluster, namespace, request_time DESC);
CREATE INDEX IF NOT EXISTS audit_by_kind ON audit_records (kind, name, request_time DESC);
CREATE INDEX IF NOT EXISTS audit_by_operation ON audit_records (operation, request_time DESC);
CREATE TRIGGER IF NOT EXISTS audit_records_append_only BEFORE UPDATE ON audit_records
BEGIN SELECT RAISE(ABORT, 'audit records are append-only'); END;
PRAGMA user_version = 5;
`;

/** Columns later versions added, with their definitions (constants, never input). */
const addedColumns: Record<string, string> = {
  organization: 'TEXT',
  organization_uid: 'TEXT',
  response_body: "TEXT NOT NULL DEFAULT ''",
  level: 'TEXT',
  cluster: 'TEXT',
  namespace: 'TEXT',
  kind: 'TEXT',
  name: 'TEXT',
  operation: 'TEXT',
  category: 'TEXT',
};

/**
 * Files written before records carried an organization (user_version 1), its uid (2), a
 * level and target (3), or an operation and category (4) gain the columns; their records keep
 * null there (level null reads as Request: they were recorded whole). The index by organization moves to the uid column.
 */
function addMissingColumns(db: DatabaseSync): void {
  const columns = db.prepare('PRAGMA table_info(audit_records)').all();
  for (const [name, definition] of Object.entries(addedColumns)) {
    if (!columns.some((column) => column.name === name)) {
      db.exec(`ALTER TABLE audit_records ADD COLUMN ${name} ${definition}`);
    }
  }
  const version = Number(db.prepare('PRAGMA user_version').get()?.user_version ?? 0);
  if (version < 3) db.exec('DROP INDEX IF EXISTS audit_by_organization');
}

const pruneBatch = 5_000;

/** This replica's own audit file (the default store). */
export interface SqliteAuditStore extends AuditStore {
  readonly file: string;
}

/** Opens (creating if needed) the audit file in dataDir. Throws when the directory is unusable. */
export function openSqliteAuditStore(dataDir: string): SqliteAuditStore {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = join(dataDir, auditFileName);
  const db = new DatabaseSync(file);
  chmodSync(file, 0o600);
  // WAL lets queries read while a batch is written; NORMAL loses at most the last batches on
  // power loss (not on a process crash), which the bounded queue risks anyway.
  db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 5000;');
  db.exec(tableSchema);
  addMissingColumns(db);
  db.exec(indexSchema);

  const insert = db.prepare(
    `INSERT OR IGNORE INTO audit_records (${recordColumns}) VALUES (${recordColumns
      .split(',')
      .map(() => '?')
      .join(', ')})`,
  );
  // Oldest first; records of one millisecond in the order they were written (the writer's queue
  // keeps the requests' order, while ids are random), so what is left is always the newest.
  const pruneStatement = db.prepare(
    'DELETE FROM audit_records WHERE rowid IN (SELECT rowid FROM audit_records ' +
      'WHERE request_time < ? ORDER BY request_time ASC, rowid ASC LIMIT ?)',
  );
  const pruneOldest = db.prepare(
    'DELETE FROM audit_records WHERE rowid IN ' +
      '(SELECT rowid FROM audit_records ORDER BY request_time ASC, rowid ASC LIMIT ?)',
  );
  const countStatement = db.prepare('SELECT count(*) AS total FROM audit_records');
  const pragmaNumber = (name: string): number => {
    const row = db.prepare(`PRAGMA ${name}`).get();
    return Number(row?.[name] ?? 0);
  };
  const usedBytes = (): number =>
    (pragmaNumber('page_count') - pragmaNumber('freelist_count')) * pragmaNumber('page_size');
  const count = (): number => Number(countStatement.get()?.total ?? 0);

  function inTransaction(work: () => void): void {
    db.exec('BEGIN IMMEDIATE');
    try {
      work();
      db.exec('COMMIT');
    } catch (error) {
      db.exec('ROLLBACK');
      throw error;
    }
  }

  function prune(olderThan: number): number {
    let removed = 0;
    for (;;) {
      const changes = Number(pruneStatement.run(olderThan, pruneBatch).changes);
      removed += changes;
      if (changes < pruneBatch) break;
    }
    if (removed > 0) db.exec('PRAGMA incremental_vacuum');
    return removed;
  }

  function pruneToSize(maxBytes: number): number {
    let removed = 0;
    for (;;) {
      const used = usedBytes();
      const total = count();
      if (used <= maxBytes || total === 0) break;
      // Pages free up only when emptied, so the average size is a first guess, taken again.
      const perRecord = used / total;
      const batch = Math.min(pruneBatch, Math.max(1, Math.ceil((used - maxBytes) / perRecord)));
      const changes = Number(pruneOldest.run(batch).changes);
      removed += changes;
      if (changes === 0) break;
    }
    if (removed > 0) db.exec('PRAGMA incremental_vacuum');
    return removed;
  }

  // node:sqlite is synchronous; the methods are async to share the interface with PostgreSQL.
  return {
    file,
    location: file,
    shared: false,
    async append(records) {
      if (records.length === 0) return;
      inTransaction(() => {
        for (const record of records) insert.run(...recordParams(record));
      });
    },
    async query(filter, window) {
      const where = whereClause(filter);
      const counted = db.prepare(`SELECT count(*) AS total FROM audit_records ${where.sql}`);
      const total = window.total === false ? -1 : Number(counted.get(...where.params)?.total ?? 0);
      const rows = db
        .prepare(
          `SELECT ${recordColumns} FROM audit_records ${where.sql} ` +
            'ORDER BY request_time DESC, id DESC LIMIT ? OFFSET ?',
        )
        .all(...where.params, window.limit, window.offset);
      return { items: rows.map(rowToRecord), total };
    },
    prune: async (olderThan) => prune(olderThan),
    pruneToSize: async (maxBytes) => pruneToSize(maxBytes),
    usedBytes: async () => usedBytes(),
    count: async () => count(),
    async close() {
      if (db.isOpen) db.close();
    },
  };
}

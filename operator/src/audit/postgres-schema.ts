import type { SchemaMigration } from '../postgres/migrate.js';

/**
 * The audit table in the shared store: the SQLite file's columns, partitioned by month of
 * request_time (epoch ms, UTC) so that retention drops whole months instead of deleting rows.
 * The key must hold the partition column; (request_time, id) keeps a retried batch once, as
 * the file's id key does. Partitions are created as records arrive (postgres-store.ts).
 */
export const auditRecordsMigration: SchemaMigration = {
  name: '0001-audit-records',
  up: `
CREATE TABLE IF NOT EXISTS audit_records (
  id TEXT NOT NULL,
  user_name TEXT NOT NULL,
  organization TEXT,
  organization_uid TEXT,
  resource TEXT NOT NULL,
  method TEXT NOT NULL,
  request_time BIGINT NOT NULL,
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
  category TEXT,
  PRIMARY KEY (request_time, id)
) PARTITION BY RANGE (request_time);
CREATE INDEX IF NOT EXISTS audit_by_user ON audit_records (user_name, request_time DESC);
CREATE INDEX IF NOT EXISTS audit_by_organization ON audit_records (organization_uid, request_time DESC);
CREATE INDEX IF NOT EXISTS audit_by_method ON audit_records (method, request_time DESC);
CREATE INDEX IF NOT EXISTS audit_by_status ON audit_records (http_status, request_time DESC);
CREATE INDEX IF NOT EXISTS audit_by_code ON audit_records (code, request_time DESC);
CREATE INDEX IF NOT EXISTS audit_by_resource ON audit_records (resource, request_time DESC);
CREATE INDEX IF NOT EXISTS audit_by_cluster ON audit_records (cluster, namespace, request_time DESC);
CREATE INDEX IF NOT EXISTS audit_by_kind ON audit_records (kind, name, request_time DESC);
CREATE INDEX IF NOT EXISTS audit_by_operation ON audit_records (operation, request_time DESC);
CREATE OR REPLACE FUNCTION audit_records_append_only() RETURNS trigger LANGUAGE plpgsql AS
  $$ BEGIN RAISE EXCEPTION 'audit records are append-only'; END $$;
CREATE OR REPLACE TRIGGER audit_records_append_only BEFORE UPDATE ON audit_records
  FOR EACH ROW EXECUTE FUNCTION audit_records_append_only();
`,
};

/** The audit trail's steps of the shared store's schema, in order; a released step is never edited. */
export const auditMigrations: readonly SchemaMigration[] = [auditRecordsMigration];

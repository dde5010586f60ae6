import type { SchemaMigration } from '../postgres/migrate.js';

/**
 * The index in the shared store: schema.ts's columns. Text that is sorted or compared is
 * COLLATE "C" (byte order, as SQLite compares), so pages and cursors are the same on both
 * stores. Substring filters use pg_trgm GIN indexes on the lower-cased columns (a trusted
 * extension: the database's owner may create it); labels are jsonb for containment.
 * `index_relist_seen` is the uids a running relist has seen, UNLOGGED (nothing in it outlives a
 * relist, so it needs no write-ahead log).
 */
export const indexObjectsMigration: SchemaMigration = {
  name: '0002-index-objects',
  up: `
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE TABLE IF NOT EXISTS index_clusters (
  cluster TEXT COLLATE "C" PRIMARY KEY,
  uid TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS index_objects (
  cluster TEXT COLLATE "C" NOT NULL,
  kind TEXT COLLATE "C" NOT NULL,
  uid TEXT COLLATE "C" NOT NULL,
  namespace TEXT COLLATE "C" NOT NULL,
  name TEXT COLLATE "C" NOT NULL,
  resource_version TEXT NOT NULL,
  labels JSONB NOT NULL,
  label_text TEXT COLLATE "C" NOT NULL,
  created TEXT COLLATE "C" NOT NULL,
  updated BIGINT NOT NULL,
  phase TEXT,
  node_name TEXT,
  object TEXT NOT NULL,
  PRIMARY KEY (cluster, kind, uid)
);
CREATE INDEX IF NOT EXISTS index_objects_scope ON index_objects (cluster, kind, namespace, name);
CREATE INDEX IF NOT EXISTS index_objects_by_name ON index_objects (kind, name, namespace, cluster, uid);
CREATE INDEX IF NOT EXISTS index_objects_by_created ON index_objects (kind, created, cluster, uid);
CREATE INDEX IF NOT EXISTS index_objects_name_trgm ON index_objects USING gin (lower(name) gin_trgm_ops);
CREATE INDEX IF NOT EXISTS index_objects_namespace_trgm ON index_objects USING gin (lower(namespace) gin_trgm_ops);
CREATE INDEX IF NOT EXISTS index_objects_labels_trgm ON index_objects USING gin (lower(label_text) gin_trgm_ops);
CREATE INDEX IF NOT EXISTS index_objects_labels ON index_objects USING gin (labels jsonb_path_ops);
CREATE UNLOGGED TABLE IF NOT EXISTS index_relist_seen (
  relist TEXT NOT NULL,
  uid TEXT COLLATE "C" NOT NULL,
  PRIMARY KEY (relist, uid)
);
`,
};

/**
 * A list by creation time is tied by the row's number, as on SQLite (store-query.ts
 * sortColumns): the index by creation time holds no cluster and uid, and the rows of one second
 * are appended to it. Existing rows are numbered as the column is added.
 */
export const indexObjectsByNumberMigration: SchemaMigration = {
  name: '0003-index-objects-numbered',
  up: `
ALTER TABLE index_objects ADD COLUMN IF NOT EXISTS id BIGINT GENERATED ALWAYS AS IDENTITY;
DROP INDEX IF EXISTS index_objects_by_created;
CREATE INDEX index_objects_by_created ON index_objects (kind, created, id);
`,
};

/** The index's steps of the shared store's schema, in order; a released step is never edited. */
export const indexMigrations: readonly SchemaMigration[] = [
  indexObjectsMigration,
  indexObjectsByNumberMigration,
];

/**
 * What the stored rows look like, kept in `PRAGMA user_version`. Raise it whenever the layout or
 * what trim.ts keeps changes: a store opened with another version is emptied and rebuilt, so the
 * loops' relist writes every object anew (an unchanged resourceVersion would otherwise keep the
 * old row, and with it values the index no longer stores). 2: values lists must not show removed.
 * 3: the uid of the Cluster each cluster's rows were listed from (`indexed_clusters`).
 * 4: the trigram entries are rewritten only when the name, namespace or labels changed.
 * 5: each label pair in `object_labels`, in name order.
 * 6: a row is keyed by its cluster, kind, namespace and name (see `schema`), no longer its uid.
 * 7: the rows per cluster and kind are counted as they are written (`object_counts`).
 * 8: the trigram table holds names only; namespaces are counted per cluster and kind
 *    (`object_counts`) and label pairs once each (`label_pairs`, with their own trigram table);
 *    no `label_text` column.
 * 9: `objects_by_created` is keyed by kind, creation time and row number (no cluster, no uid).
 */
export const indexFormatVersion = 9;

/** Drops what `schema` creates, for a store of another format. */
export const dropSchema = `
DROP TRIGGER IF EXISTS label_pairs_insert;
DROP TRIGGER IF EXISTS label_pairs_gone;
DROP TABLE IF EXISTS label_pairs_fts;
DROP TABLE IF EXISTS label_pairs;
DROP TRIGGER IF EXISTS object_counts_insert;
DROP TRIGGER IF EXISTS object_counts_delete;
DROP TABLE IF EXISTS object_counts;
DROP TRIGGER IF EXISTS object_labels_insert;
DROP TRIGGER IF EXISTS object_labels_delete;
DROP TRIGGER IF EXISTS object_labels_update;
DROP TABLE IF EXISTS object_labels;
DROP TRIGGER IF EXISTS objects_fts_insert;
DROP TRIGGER IF EXISTS objects_fts_delete;
DROP TRIGGER IF EXISTS objects_fts_update;
DROP TABLE IF EXISTS objects_fts;
DROP TABLE IF EXISTS objects;
DROP TABLE IF EXISTS indexed_clusters;
`;

// SQLite layout of the index. `id` is the stable rowid the trigram table is keyed by
// (implicit rowids may be renumbered by VACUUM). The natural key is objects_scope: a kind's
// names are unique per namespace, and a relist writes them in that order (its API server lists
// by namespace and name), so its inserts append to the key's index. A key of random uids put
// each insert on another page of that index: 216 µs per pod instead of 172 at 300,000 pods
// (docs/decisions/index-keyed-by-name.md). An object deleted and created again under its name
// takes over its row, uid included.
// `indexed_clusters` names the Cluster (by uid) whose member the rows of a cluster name came
// from: a later Cluster of the same name finds another uid and starts from nothing.
export const schema = `
CREATE TABLE IF NOT EXISTS indexed_clusters (
  cluster TEXT PRIMARY KEY,
  uid TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS objects (
  id INTEGER PRIMARY KEY,
  cluster TEXT NOT NULL,
  kind TEXT NOT NULL,
  uid TEXT NOT NULL,
  namespace TEXT NOT NULL,
  name TEXT NOT NULL,
  resource_version TEXT NOT NULL,
  labels TEXT NOT NULL,
  created TEXT NOT NULL,
  updated INTEGER NOT NULL,
  phase TEXT,
  node_name TEXT,
  object TEXT NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS objects_scope ON objects (cluster, kind, namespace, name);
CREATE INDEX IF NOT EXISTS objects_by_name ON objects (kind, name, namespace, cluster, uid);
-- A list by creation time, tied by row number (store-query.ts sortColumns): SQLite ends every
-- index entry with the row's id, so (kind, created) is walked in the order (created, id).
CREATE INDEX IF NOT EXISTS objects_by_created ON objects (kind, created);
-- The pods the cost job prices (store.ts, runningPodsOf), and only them: without it, each of its
-- samples read every pod row of the member on the main thread, 350–560 ms at 250,000 pods none
-- of which ran (docs/index.md, "Schema and search").
CREATE INDEX IF NOT EXISTS objects_running_pods ON objects (cluster)
  WHERE kind = 'pods' AND phase = 'Running' AND node_name IS NOT NULL;
-- Names only: a row's name and namespace never change (they are its key), so no update trigger.
-- A search's namespaces are matched against object_counts and its label pairs against
-- label_pairs, a few distinct strings each: they were two thirds of this table's trigrams and of
-- its writes (docs/index.md, "Schema and search").
CREATE VIRTUAL TABLE IF NOT EXISTS objects_fts USING fts5(name, tokenize = 'trigram');
CREATE TRIGGER IF NOT EXISTS objects_fts_insert AFTER INSERT ON objects BEGIN
  INSERT INTO objects_fts (rowid, name) VALUES (new.id, new.name);
END;
CREATE TRIGGER IF NOT EXISTS objects_fts_delete AFTER DELETE ON objects BEGIN
  DELETE FROM objects_fts WHERE rowid = old.id;
END;
-- The rows per cluster, kind and namespace (/metrics' nimbus_index_objects, store.ts
-- objectCounts, sums them per cluster and kind), kept as rows come and go: counting them at each
-- scrape walked the whole index, 35 s of the write worker's time over a million-object sync
-- scraped every second (docs/index.md, "Metrics"). A search matches its text against these
-- namespaces. A row's cluster, kind and namespace never change, so an update leaves the counts as
-- they are; a namespace's last row takes its count away.
CREATE TABLE IF NOT EXISTS object_counts (
  cluster TEXT NOT NULL,
  kind TEXT NOT NULL,
  namespace TEXT NOT NULL,
  objects INTEGER NOT NULL,
  PRIMARY KEY (cluster, kind, namespace)
) WITHOUT ROWID;
CREATE TRIGGER IF NOT EXISTS object_counts_insert AFTER INSERT ON objects BEGIN
  INSERT INTO object_counts (cluster, kind, namespace, objects)
  VALUES (new.cluster, new.kind, new.namespace, 1)
  ON CONFLICT (cluster, kind, namespace) DO UPDATE SET objects = objects + 1;
END;
CREATE TRIGGER IF NOT EXISTS object_counts_delete AFTER DELETE ON objects BEGIN
  UPDATE object_counts SET objects = objects - 1
  WHERE cluster = old.cluster AND kind = old.kind AND namespace = old.namespace;
  DELETE FROM object_counts
  WHERE cluster = old.cluster AND kind = old.kind AND namespace = old.namespace AND objects <= 0;
END;
-- Each distinct label pair, with the rows holding it and its text \`key:value\` in a trigram table
-- of its own, which a search matches: most pairs are shared by many objects (app, tier, a
-- ReplicaSet's pod-template-hash), so a pair's trigrams are written once, not per object. The
-- object_labels triggers below count each pair's objects, one statement per object (a trigger
-- per label pair cost 7 µs a pair); its trigram entry comes with its first object and goes with
-- its last.
CREATE TABLE IF NOT EXISTS label_pairs (
  id INTEGER PRIMARY KEY,
  key TEXT NOT NULL,
  value TEXT NOT NULL,
  objects INTEGER NOT NULL,
  UNIQUE (key, value)
);
CREATE VIRTUAL TABLE IF NOT EXISTS label_pairs_fts USING fts5(pair, tokenize = 'trigram');
CREATE TRIGGER IF NOT EXISTS label_pairs_insert AFTER INSERT ON label_pairs BEGIN
  INSERT INTO label_pairs_fts (rowid, pair) VALUES (new.id, new.key || ':' || new.value);
END;
CREATE TRIGGER IF NOT EXISTS label_pairs_gone AFTER UPDATE OF objects ON label_pairs
WHEN new.objects <= 0 BEGIN
  DELETE FROM label_pairs_fts WHERE rowid = old.id;
  DELETE FROM label_pairs WHERE id = old.id;
END;
-- Every label pair of every object, in the order of a list by name (the keyset of sortColumns
-- name; see docs/decisions/label-pairs.md): a label filter walks its pair's range and stops at the
-- page's end, wherever in the name order the matches lie, instead of the trigram table, whose
-- common trigrams ("app") made a rare label's page cost 75 ms at a million objects.
CREATE TABLE IF NOT EXISTS object_labels (
  kind TEXT NOT NULL,
  key TEXT NOT NULL,
  value TEXT NOT NULL,
  name TEXT NOT NULL,
  namespace TEXT NOT NULL,
  cluster TEXT NOT NULL,
  uid TEXT NOT NULL,
  id INTEGER NOT NULL,
  PRIMARY KEY (kind, key, value, name, namespace, cluster, uid)
) WITHOUT ROWID;
CREATE TRIGGER IF NOT EXISTS object_labels_insert AFTER INSERT ON objects BEGIN
  INSERT INTO object_labels (kind, key, value, name, namespace, cluster, uid, id)
  SELECT new.kind, l.key, l.value, new.name, new.namespace, new.cluster, new.uid, new.id
  FROM json_each(new.labels) l;
  INSERT INTO label_pairs (key, value, objects) SELECT l.key, l.value, 1 FROM json_each(new.labels) l
  WHERE true ON CONFLICT (key, value) DO UPDATE SET objects = objects + 1;
END;
CREATE TRIGGER IF NOT EXISTS object_labels_delete AFTER DELETE ON objects BEGIN
  DELETE FROM object_labels WHERE (kind, key, value, name, namespace, cluster, uid) IN
    (SELECT old.kind, l.key, l.value, old.name, old.namespace, old.cluster, old.uid
     FROM json_each(old.labels) l);
  UPDATE label_pairs SET objects = objects - 1
  WHERE (key, value) IN (SELECT l.key, l.value FROM json_each(old.labels) l);
END;
CREATE TRIGGER IF NOT EXISTS object_labels_update
AFTER UPDATE OF name, namespace, labels, uid ON objects
WHEN old.name IS NOT new.name OR old.namespace IS NOT new.namespace
  OR old.labels IS NOT new.labels OR old.uid IS NOT new.uid BEGIN
  DELETE FROM object_labels WHERE (kind, key, value, name, namespace, cluster, uid) IN
    (SELECT old.kind, l.key, l.value, old.name, old.namespace, old.cluster, old.uid
     FROM json_each(old.labels) l);
  UPDATE label_pairs SET objects = objects - 1
  WHERE (key, value) IN (SELECT l.key, l.value FROM json_each(old.labels) l);
  INSERT INTO object_labels (kind, key, value, name, namespace, cluster, uid, id)
  SELECT new.kind, l.key, l.value, new.name, new.namespace, new.cluster, new.uid, new.id
  FROM json_each(new.labels) l;
  INSERT INTO label_pairs (key, value, objects) SELECT l.key, l.value, 1 FROM json_each(new.labels) l
  WHERE true ON CONFLICT (key, value) DO UPDATE SET objects = objects + 1;
END;
`;

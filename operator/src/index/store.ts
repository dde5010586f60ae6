// The multi-cluster index: trimmed Kubernetes objects in SQLite (WAL), written by the watch
// loops and read by list and search with the caller's rights applied in SQL.
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { dropSchema, indexFormatVersion, schema } from './schema.js';
import {
  buildLabelCount,
  buildList,
  firstLabel,
  orderedLabel,
  buildSearch,
  fewTrigramMatches,
  indexedClustersSql,
  nameMatch,
  searchMatch,
  type BuiltList,
  type ListQuery,
  type SearchQuery,
} from './store-query.js';
import { encodeCursor } from './cursor.js';
import { buildLabelQuery, groupLabels, type LabelQuery, type LabelSummary } from './label-query.js';
import { createPacer, deletionsPerSlice, objectsPerSlice, type Pacer } from './pacer.js';
import { beginRelist, deleteInSlices, type RelistTarget, type RelistWriter } from './relist.js';
import type { KubeObject } from './trim.js';
import { mergeTrigramsInSlices } from './trigram-merge.js';
import { IndexMatches } from './store-matches.js';
import { indexRow, type ObjectKey } from './row.js';
import type { IndexReader } from './reader.js';

export type { RelistWriter } from './relist.js';
export type { ObjectKey } from './row.js';

export interface IndexedObject {
  cluster: string;
  kind: string;
  namespace: string;
  name: string;
  uid: string;
  resourceVersion: string;
  labels: Record<string, string>;
  created: string;
  /** When the index last wrote this row (ms since epoch). */
  updated: number;
  object: KubeObject;
}

export interface ListResult {
  items: IndexedObject[];
  nextCursor?: string;
}

/** One search hit, a search result's sample: labels name/namespace and a value. */
export interface SearchSample {
  labels: { name: string; namespace: string };
  value: string;
}

export interface SearchGroup {
  cluster: string;
  resources: Array<{ type: string; samples: SearchSample[] }>;
}

export interface ObjectCount {
  cluster: string;
  kind: string;
  objects: number;
}

export type IndexChange = { type: 'upsert'; object: KubeObject } | ({ type: 'delete' } & ObjectKey);

export interface Row {
  cluster: string;
  kind: string;
  namespace: string;
  name: string;
  uid: string;
  resource_version: string;
  labels: string | Record<string, string>;
  created: string;
  updated: number;
  object: string;
  [column: string]: unknown;
}

export interface IndexStoreOptions {
  now?: () => number;
  /** Turns of the event loop for relists and removals; tests inject their own scheduler. */
  pacer?: Pacer;
  /**
   * This connection only reads: another (the write worker, index-writer.ts) owns the file and
   * has already opened it, so the schema is left as that one made it.
   */
  readsOnly?: boolean;
  /**
   * A writer of its own thread (write-worker.ts) writes larger slices and checkpoints the WAL
   * less often: see `bulkWrites`.
   */
  bulkWrites?: boolean;
}

/**
 * The write worker's settings. Its slices hold only its own thread, so a relist's page is one
 * transaction instead of five, and the WAL is copied into the file every 10,000 pages (40 MB)
 * instead of SQLite's 1,000. A row's random uid dirties a page of the key's index per object,
 * written to the WAL once per transaction and copied once per checkpoint however often it
 * changed: at 300,000 pods 146 µs per object became 115–121 µs (docs/index.md, "Pacing").
 * Its page cache is 32 MiB instead of SQLite's 2 MiB: an insert touches a leaf of each index
 * (the objects' four, the label pairs', the trigram table's), which the small cache read back
 * from the file again and again (docs/index.md, "Pacing").
 */
export const bulkWrites = {
  objectsPerSlice: 500,
  walAutocheckpointPages: 10_000,
  cacheKiB: 32_768,
} as const;

/** Running pods read and parsed per turn of the event loop (`runningPodsOf`): a few ms. */
export const runningPodsPerTurn = 1_000;

export class IndexStore implements IndexReader {
  private readonly upsertRow: StatementSync;
  private readonly deleteRow: StatementSync;
  private readonly matches: IndexMatches;
  private readonly now: () => number;
  private readonly paced: RelistTarget;

  constructor(
    private readonly db: DatabaseSync,
    options: IndexStoreOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.paced = {
      db,
      pacer: options.pacer ?? createPacer(),
      objectsPerSlice: options.bulkWrites ? bulkWrites.objectsPerSlice : objectsPerSlice,
      write: (cluster, kind, object) => this.writeObject(cluster, kind, object),
      transaction: (work) => this.transaction(work),
    };
    // temp_store: an insert into `objects` runs its triggers in one statement, and inside a
    // transaction SQLite keeps such a statement's undo pages in a statement journal, a temporary
    // file written twice per page (header and page) once it passes 64 KiB: a relist spent half
    // of its write CPU in the kernel on it. In memory it is a copy (docs/index.md, "Pacing").
    db.exec(
      'PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 5000; PRAGMA temp_store = MEMORY;',
    );
    if (options.bulkWrites) {
      db.exec(`PRAGMA wal_autocheckpoint = ${bulkWrites.walAutocheckpointPages}`);
      db.exec(`PRAGMA cache_size = -${bulkWrites.cacheKiB}`);
    }
    if (!options.readsOnly) this.migrate();
    // Connection-local, so not part of the stored format: the objects each running relist has
    // seen. In memory (temp_store above), so one B-tree (WITHOUT ROWID) rather than a table and
    // its key's index: 250,000 names took about 12 MiB of memory instead of 34 until the relist ended.
    db.exec(
      `CREATE TEMP TABLE IF NOT EXISTS relist_seen (cluster TEXT, kind TEXT, namespace TEXT,
         name TEXT, PRIMARY KEY (cluster, kind, namespace, name)) WITHOUT ROWID`,
    );
    this.upsertRow = db.prepare(`
      INSERT INTO objects (cluster, kind, uid, namespace, name, resource_version, labels,
        created, updated, phase, node_name, object)
      VALUES (:cluster, :kind, :uid, :namespace, :name, :rv, :labels, :created,
        :updated, :phase, :nodeName, :object)
      ON CONFLICT (cluster, kind, namespace, name) DO UPDATE SET
        uid = excluded.uid, resource_version = excluded.resource_version, labels = excluded.labels,
        created = excluded.created, updated = excluded.updated,
        phase = excluded.phase, node_name = excluded.node_name, object = excluded.object
      WHERE objects.resource_version <> excluded.resource_version OR objects.uid <> excluded.uid`);
    this.deleteRow = db.prepare(
      'DELETE FROM objects WHERE cluster = ? AND kind = ? AND namespace = ? AND name = ? AND uid = ?',
    );
    this.matches = new IndexMatches(db);
  }

  /** A store written in another format is emptied, then refilled by the loops' relists. */
  private migrate(): void {
    this.transaction(() => {
      const row = this.db.prepare('PRAGMA user_version').get() as { user_version: number };
      if (row.user_version !== indexFormatVersion) {
        this.db.exec(dropSchema);
        this.db.exec(`PRAGMA user_version = ${indexFormatVersion}`);
      }
      this.db.exec(schema);
    });
  }

  /** `path` is a file (WAL mode) or ':memory:'. */
  static open(path: string, options?: IndexStoreOptions): IndexStore {
    return new IndexStore(new DatabaseSync(path), options);
  }

  close(): void {
    this.db.close();
  }

  upsert(cluster: string, kind: string, objects: readonly KubeObject[]): void {
    this.transaction(() => {
      for (const object of objects) {
        this.writeObject(cluster, kind, object);
      }
    });
  }

  delete(cluster: string, kind: string, object: ObjectKey): void {
    this.deleteRow.run(cluster, kind, object.namespace, object.name, object.uid);
  }

  /** Applies a run of watch events in order, in one transaction. */
  apply(cluster: string, kind: string, changes: readonly IndexChange[]): void {
    this.transaction(() => {
      for (const change of changes) {
        if (change.type === 'upsert') {
          this.writeObject(cluster, kind, change.object);
        } else {
          this.delete(cluster, kind, change);
        }
      }
    });
  }

  /**
   * A relist written page by page, so a list of 100 000 objects never sits in memory at once,
   * in slices of one transaction each with a turn of the event loop between them (relist.ts).
   * Each page's objects are visible as they are written; `finish` then removes what no page
   * named. Until then readers still see objects deleted meanwhile, as they would have before the
   * list; an abandoned relist leaves the index as current as its pages.
   */
  beginRelist(cluster: string, kind: string): RelistWriter {
    return beginRelist(this.paced, cluster, kind);
  }

  /** The (cluster, kind) holds exactly `objects` afterwards, switched in one transaction. */
  replaceAll(cluster: string, kind: string, objects: readonly KubeObject[]): void {
    this.transaction(() => {
      const listed = new Set<string>();
      for (const object of objects) {
        const key = this.writeObject(cluster, kind, object);
        if (key) listed.add(JSON.stringify([key.namespace, key.name]));
      }
      const rows = this.db
        .prepare('SELECT namespace, name, uid FROM objects WHERE cluster = ? AND kind = ?')
        .all(cluster, kind) as unknown as ObjectKey[];
      for (const row of rows) {
        if (!listed.has(JSON.stringify([row.namespace, row.name]))) this.delete(cluster, kind, row);
      }
    });
  }

  /** Forgets a cluster entirely (cluster removed from the console), in paced slices. */
  async dropCluster(cluster: string): Promise<void> {
    await this.deleteRowsOf(cluster);
    this.db.prepare('DELETE FROM indexed_clusters WHERE cluster = ?').run(cluster);
  }

  /** The uid of the Cluster whose member the rows of `cluster` were listed from, if recorded. */
  adoptedBy(cluster: string): string | undefined {
    const row = this.db.prepare('SELECT uid FROM indexed_clusters WHERE cluster = ?').get(cluster);
    return row === undefined ? undefined : String(row.uid);
  }

  /**
   * Records that the rows of `cluster` come from the Cluster with this uid. Rows recorded for
   * another uid are of an earlier Cluster of that name: they are dropped first (true).
   */
  async adoptCluster(cluster: string, uid: string): Promise<boolean> {
    const recorded = this.adoptedBy(cluster);
    if (recorded === uid) return false;
    const dropped =
      recorded !== undefined ||
      this.db.prepare('SELECT 1 FROM objects WHERE cluster = ? LIMIT 1').get(cluster) !== undefined;
    await this.deleteRowsOf(cluster);
    this.db
      .prepare(
        'INSERT INTO indexed_clusters (cluster, uid) VALUES (?, ?) ON CONFLICT (cluster) DO UPDATE SET uid = excluded.uid',
      )
      .run(cluster, uid);
    return dropped;
  }

  /** A member's hundreds of thousands of rows (and trigram entries) take seconds: in slices. */
  private async deleteRowsOf(cluster: string): Promise<void> {
    const slice = this.db.prepare(
      `DELETE FROM objects WHERE id IN
         (SELECT id FROM objects WHERE cluster = ? LIMIT ${deletionsPerSlice})`,
    );
    const deleted = await deleteInSlices(this.paced, () => slice.run(cluster).changes);
    // A new cluster's adoption deletes nothing: no merge of a large index for it.
    if (deleted > 0) await mergeTrigramsInSlices(this.paced);
  }

  /**
   * This connection's write settings as SQLite reports them: pages of WAL after which it
   * checkpoints (bulk writes: fewer), its page cache in KiB, and whether its statement journals
   * and temporary tables are kept in memory.
   */
  writeSettings(): { walAutocheckpointPages: number; cacheKiB: number; tempInMemory: boolean } {
    const pragma = (name: string) =>
      Number(Object.values(this.db.prepare(`PRAGMA ${name}`).get() ?? {})[0]);
    return {
      walAutocheckpointPages: pragma('wal_autocheckpoint'),
      // In KiB, as a negative number: the store sets it so, and SQLite's default (-2000) is so.
      cacheKiB: -pragma('cache_size'),
      tempInMemory: pragma('temp_store') === 2,
    };
  }

  /** The clusters that have objects in the index, or a recorded Cluster uid. */
  clusters(): string[] {
    const rows = this.db.prepare(indexedClustersSql('objects', 'indexed_clusters')).all();
    return rows.map((row) => String(row.cluster));
  }

  count(cluster?: string, kind?: string): number {
    // Only the given columns in the WHERE: `(? IS NULL OR cluster = ?)` makes SQLite scan every
    // row of the index, and /metrics counts each (cluster, kind) at every scrape.
    const given = { cluster, kind };
    const columns = (['cluster', 'kind'] as const).filter((column) => given[column] !== undefined);
    const where = columns.length ? `WHERE ${columns.map((c) => `${c} = ?`).join(' AND ')}` : '';
    const row = this.db
      .prepare(`SELECT count(*) AS n FROM objects ${where}`)
      .get(...columns.map((column) => given[column] as string)) as { n: number };
    return row.n;
  }

  /**
   * Objects per (cluster, kind), what `/metrics` shows: summed from the counts the schema's
   * triggers keep per namespace (`object_counts`), not counted over every row of the index.
   */
  objectCounts(): ObjectCount[] {
    return this.db
      .prepare(
        `SELECT cluster, kind, sum(objects) AS objects FROM object_counts
           GROUP BY cluster, kind HAVING sum(objects) > 0`,
      )
      .all() as unknown as ObjectCount[];
  }

  /** Every object of one kind in one cluster, unfiltered: for the operator's own jobs (cost). */
  objectsOf(cluster: string, kind: string): KubeObject[] {
    const rows = this.db
      .prepare('SELECT object FROM objects WHERE cluster = ? AND kind = ?')
      .all(cluster, kind) as Array<{ object: string }>;
    return rows.map((row) => JSON.parse(row.object) as KubeObject);
  }

  /**
   * A cluster's Running pods bound to a node (what the cost job prices), found through their own
   * index (`objects_running_pods`, schema.ts) so no other row is read: a member may hold 250,000
   * pods. They are read and parsed `runningPodsPerTurn` at a time, a slice per turn of the store's
   * pacer as its bulk writes are, since this runs on the main thread.
   */
  async runningPodsOf(cluster: string): Promise<KubeObject[]> {
    const page = this.db.prepare(
      `SELECT id, object FROM objects INDEXED BY objects_running_pods
         WHERE cluster = ? AND kind = 'pods' AND phase = 'Running' AND node_name IS NOT NULL
           AND id > ? ORDER BY id LIMIT ${runningPodsPerTurn}`,
    );
    const pods: KubeObject[] = [];
    for (let after = 0; ;) {
      const rows = page.all(cluster, after) as Array<{ id: number; object: string }>;
      for (const row of rows) pods.push(JSON.parse(row.object) as KubeObject);
      const last = rows.at(-1);
      if (rows.length < runningPodsPerTurn || !last) return pods;
      after = last.id;
      await this.paced.pacer.turn();
    }
  }

  list(query: ListQuery): ListResult {
    const match = nameMatch(query.nameContains);
    const names = match === undefined ? undefined : this.matches.names(match);
    const nameMatchIds = names?.few;
    // A label a list by name cannot walk (orderedLabel): are its pairs few enough to start from?
    const label = nameMatchIds !== undefined || orderedLabel(query) ? undefined : firstLabel(query);
    const labels = label === undefined ? undefined : this.labelMatches(query, label);
    const built = buildList(query, {
      nameMatchIds,
      fewLabelMatches: labels !== undefined && labels < fewTrigramMatches,
    });
    if (!built || names?.count === 0 || labels === 0) {
      return { items: [] };
    }
    return listPage(this.db.prepare(built.sql).all(...built.params) as Row[], built);
  }

  private labelMatches(query: ListQuery, label: { key: string; value: string }): number {
    const counted = buildLabelCount(query, label);
    const row = this.db.prepare(counted.sql).get(...counted.params) as { n: number } | undefined;
    return row?.n ?? 0;
  }

  search(query: SearchQuery): SearchGroup[] {
    const match = searchMatch(query.text);
    const matchIds = match === undefined ? undefined : this.matches.searchIds(query, match);
    if (matchIds === '[]') {
      return [];
    }
    const built = buildSearch(query, match, matchIds);
    if (!built) {
      return [];
    }
    return searchGroups(this.db.prepare(built.sql).all(...built.params) as Row[]);
  }

  /** Label keys and values with counts, top keys only (label-query.ts). */
  labels(query: LabelQuery): LabelSummary[] {
    const built = buildLabelQuery(query);
    return built ? groupLabels(this.db.prepare(built.sql).all(...built.params)) : [];
  }

  private writeObject(cluster: string, kind: string, raw: KubeObject): ObjectKey | undefined {
    const row = indexRow(cluster, kind, raw, this.now());
    if (!row) return undefined;
    // Label pairs are matched in label_pairs here; only PostgreSQL keeps the joined text.
    const { labelText: _labelText, ...values } = row;
    this.upsertRow.run(values);
    return row;
  }

  private transaction(work: () => void): void {
    if (this.db.isTransaction) {
      work();
      return;
    }
    this.db.exec('BEGIN IMMEDIATE');
    try {
      work();
      this.db.exec('COMMIT');
    } catch (error) {
      this.db.exec('ROLLBACK');
      throw error;
    }
  }
}

/** A list's rows (one more than the page, when another page follows) as its answer. */
export function listPage(
  rows: readonly Row[],
  built: Pick<BuiltList, 'limit' | 'sortId' | 'keyOf'>,
): ListResult {
  const page = rows.slice(0, built.limit);
  const last = page.at(-1);
  const items = page.map(toIndexedObject);
  if (rows.length > built.limit && last) {
    return { items, nextCursor: encodeCursor(built.sortId, built.keyOf(last)) };
  }
  return { items };
}

/** Search rows (ordered by cluster, then kind) as the answer's groups. */
export function searchGroups(rows: readonly Row[]): SearchGroup[] {
  const groups: SearchGroup[] = [];
  for (const row of rows) {
    let group = groups.at(-1);
    if (group?.cluster !== row.cluster) {
      group = { cluster: row.cluster, resources: [] };
      groups.push(group);
    }
    let resource = group.resources.at(-1);
    if (resource?.type !== row.kind) {
      resource = { type: row.kind, samples: [] };
      group.resources.push(resource);
    }
    resource.samples.push({
      labels: { name: row.name, namespace: row.namespace },
      value: row.created,
    });
  }
  return groups;
}

/** A row as read: labels are JSON text on SQLite, parsed jsonb on PostgreSQL. */
export function toIndexedObject(row: Row): IndexedObject {
  return {
    cluster: row.cluster,
    kind: row.kind,
    namespace: row.namespace,
    name: row.name,
    uid: row.uid,
    resourceVersion: row.resource_version,
    labels: (typeof row.labels === 'string' ? JSON.parse(row.labels) : row.labels) as Record<
      string,
      string
    >,
    created: row.created,
    updated: Number(row.updated),
    object: JSON.parse(row.object) as KubeObject,
  };
}

// The multi-cluster index in the shared PostgreSQL store: the SQLite store's rows and answers
// (store.ts), written and read through the replica's pool. The driver is asynchronous, so the
// event loop never waits for a write and no worker thread is needed
// (docs/decisions/index-on-postgres.md).
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { IndexWriter } from './index-writer.js';
import { groupLabels, type LabelQuery, type LabelSummary } from './label-query.js';
import {
  buildPgLabelQuery,
  buildPgList,
  buildPgMatchCount,
  buildPgSearch,
} from './postgres-query.js';
import type { IndexReader } from './reader.js';
import type { RelistWriter } from './relist.js';
import { indexRow, type IndexRow, type ObjectKey } from './row.js';
import {
  listPage,
  searchGroups,
  type IndexChange,
  type ListResult,
  type ObjectCount,
  type Row,
  type SearchGroup,
} from './store.js';
import {
  fewTrigramMatches,
  indexedClustersSql,
  type ListQuery,
  type SearchQuery,
} from './store-query.js';
import type { KubeObject } from './trim.js';

type Queryable = Pick<pg.Pool, 'query'> | pg.PoolClient;

export interface PostgresIndexOptions {
  now?: () => number;
}

/** Only the latest row of each uid: one INSERT … ON CONFLICT may not touch a row twice. */
function latestByUid(rows: readonly IndexRow[]): IndexRow[] {
  return [...new Map(rows.map((row) => [row.uid, row])).values()];
}

/** Writes rows of one (cluster, kind); an unchanged resourceVersion keeps the stored row. */
async function writeRows(db: Queryable, rows: readonly IndexRow[]): Promise<void> {
  if (rows.length === 0) return;
  const latest = latestByUid(rows);
  const column = <K extends keyof IndexRow>(key: K) => latest.map((row) => row[key]);
  await db.query(
    `INSERT INTO index_objects (cluster, kind, uid, namespace, name, resource_version, labels,
       label_text, created, updated, phase, node_name, object)
     SELECT $1::text, $2::text, t.uid, t.namespace, t.name, t.rv, t.labels::jsonb, t.label_text,
       t.created, $3::bigint, t.phase, t.node_name, t.object
     FROM unnest($4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[],
       $10::text[], $11::text[], $12::text[], $13::text[])
       AS t(uid, namespace, name, rv, labels, label_text, created, phase, node_name, object)
     ON CONFLICT (cluster, kind, uid) DO UPDATE SET
       namespace = excluded.namespace, name = excluded.name,
       resource_version = excluded.resource_version, labels = excluded.labels,
       label_text = excluded.label_text, created = excluded.created, updated = excluded.updated,
       phase = excluded.phase, node_name = excluded.node_name, object = excluded.object
     WHERE index_objects.resource_version <> excluded.resource_version`,
    [
      latest[0]?.cluster,
      latest[0]?.kind,
      latest[0]?.updated,
      column('uid'),
      column('namespace'),
      column('name'),
      column('rv'),
      column('labels'),
      column('labelText'),
      column('created'),
      column('phase'),
      column('nodeName'),
      column('object'),
    ],
  );
}

export class PostgresIndexStore implements IndexReader {
  private readonly now: () => number;

  /** `pool` is the replica's (postgres/pool.ts), shared with the audit trail; not closed here. */
  constructor(
    private readonly pool: pg.Pool,
    options: PostgresIndexOptions = {},
  ) {
    this.now = options.now ?? Date.now;
  }

  private rowsOf(cluster: string, kind: string, objects: readonly KubeObject[]): IndexRow[] {
    const updated = this.now();
    return objects.flatMap((object) => indexRow(cluster, kind, object, updated) ?? []);
  }

  private async transaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    let broken: Error | undefined;
    try {
      await client.query('BEGIN');
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      // A connection that cannot even roll back is not given back to the pool.
      await client.query('ROLLBACK').catch((rollback: Error) => (broken = rollback));
      throw error;
    } finally {
      client.release(broken);
    }
  }

  async upsert(cluster: string, kind: string, objects: readonly KubeObject[]): Promise<void> {
    await writeRows(this.pool, this.rowsOf(cluster, kind, objects));
  }

  async delete(cluster: string, kind: string, object: ObjectKey): Promise<void> {
    await this.pool.query(
      'DELETE FROM index_objects WHERE cluster = $1 AND kind = $2 AND uid = $3',
      [cluster, kind, object.uid],
    );
  }

  /**
   * A run of watch events in one transaction. Only each uid's last event counts (events of one
   * object arrive in order; those of different objects are independent), so removals and
   * writes each take one statement.
   */
  async apply(cluster: string, kind: string, changes: readonly IndexChange[]): Promise<void> {
    const last = new Map<string, IndexChange>();
    for (const change of changes) {
      // An object without a uid or name is not indexed (row.ts): as on SQLite, it changes nothing.
      const meta = change.type === 'upsert' ? change.object.metadata : undefined;
      const uid = change.type === 'upsert' ? (meta?.name ? meta.uid : undefined) : change.uid;
      if (!uid) continue;
      last.delete(uid);
      last.set(uid, change);
    }
    const removed: string[] = [];
    const written: KubeObject[] = [];
    for (const [uid, change] of last) {
      if (change.type === 'upsert') written.push(change.object);
      else removed.push(uid);
    }
    await this.transaction(async (client) => {
      if (removed.length > 0) {
        await client.query(
          'DELETE FROM index_objects WHERE cluster = $1 AND kind = $2 AND uid = ANY($3::text[])',
          [cluster, kind, removed],
        );
      }
      await writeRows(client, this.rowsOf(cluster, kind, written));
    });
  }

  private async hasRows(cluster: string, kind?: string): Promise<boolean> {
    const result = await this.pool.query(
      kind === undefined
        ? 'SELECT 1 FROM index_objects WHERE cluster = $1 LIMIT 1'
        : 'SELECT 1 FROM index_objects WHERE cluster = $1 AND kind = $2 LIMIT 1',
      kind === undefined ? [cluster] : [cluster, kind],
    );
    return result.rows.length > 0;
  }

  /**
   * A relist written page by page, each page visible once written; `finish` removes what no page
   * named. As on SQLite, a kind with no rows at the start keeps no account of the uids seen.
   */
  beginRelist(cluster: string, kind: string): RelistWriter {
    const relist = randomUUID();
    const fresh = this.hasRows(cluster, kind).then((any) => !any);
    // Read by the first page or by finish; until then its failure must not go unhandled.
    fresh.catch(() => undefined);
    const forget = async () => {
      await this.pool.query('DELETE FROM index_relist_seen WHERE relist = $1', [relist]);
    };
    return {
      add: async (objects) => {
        const rows = this.rowsOf(cluster, kind, objects);
        const tracked = !(await fresh);
        await this.transaction(async (client) => {
          await writeRows(client, rows);
          if (tracked && rows.length > 0) {
            await client.query(
              `INSERT INTO index_relist_seen (relist, uid) SELECT $1, unnest($2::text[])
               ON CONFLICT DO NOTHING`,
              [relist, rows.map((row) => row.uid)],
            );
          }
        });
      },
      finish: async () => {
        if (await fresh) return;
        await this.pool.query(
          `DELETE FROM index_objects o WHERE o.cluster = $1 AND o.kind = $2
             AND NOT EXISTS (SELECT 1 FROM index_relist_seen s WHERE s.relist = $3 AND s.uid = o.uid)`,
          [cluster, kind, relist],
        );
        await forget();
      },
      abandon: async () => {
        if (!(await fresh)) await forget();
      },
    };
  }

  /** The (cluster, kind) holds exactly `objects` afterwards, switched in one transaction. */
  async replaceAll(cluster: string, kind: string, objects: readonly KubeObject[]): Promise<void> {
    const rows = this.rowsOf(cluster, kind, objects);
    await this.transaction(async (client) => {
      await client.query(
        'DELETE FROM index_objects WHERE cluster = $1 AND kind = $2 AND NOT (uid = ANY($3::text[]))',
        [cluster, kind, rows.map((row) => row.uid)],
      );
      await writeRows(client, rows);
    });
  }

  /** Forgets a cluster entirely (cluster removed from the console). */
  async dropCluster(cluster: string): Promise<void> {
    await this.transaction(async (client) => {
      await client.query('DELETE FROM index_objects WHERE cluster = $1', [cluster]);
      await client.query('DELETE FROM index_clusters WHERE cluster = $1', [cluster]);
    });
  }

  async adoptedBy(cluster: string): Promise<string | undefined> {
    const result = await this.pool.query<{ uid: string }>(
      'SELECT uid FROM index_clusters WHERE cluster = $1',
      [cluster],
    );
    return result.rows[0]?.uid;
  }

  /**
   * Records that the rows of `cluster` come from the Cluster with this uid. Rows recorded for
   * another uid are of an earlier Cluster of that name: they are dropped first (true).
   */
  async adoptCluster(cluster: string, uid: string): Promise<boolean> {
    const recorded = await this.adoptedBy(cluster);
    if (recorded === uid) return false;
    const dropped = recorded !== undefined || (await this.hasRows(cluster));
    await this.transaction(async (client) => {
      await client.query('DELETE FROM index_objects WHERE cluster = $1', [cluster]);
      await client.query(
        `INSERT INTO index_clusters (cluster, uid) VALUES ($1, $2)
         ON CONFLICT (cluster) DO UPDATE SET uid = excluded.uid`,
        [cluster, uid],
      );
    });
    return dropped;
  }

  /** The clusters that have objects in the index, or a recorded Cluster uid. */
  async clusters(): Promise<string[]> {
    const result = await this.pool.query<{ cluster: string }>(
      indexedClustersSql('index_objects', 'index_clusters'),
    );
    return result.rows.map((row) => row.cluster);
  }

  async count(cluster?: string, kind?: string): Promise<number> {
    const given = { cluster, kind };
    const columns = (['cluster', 'kind'] as const).filter((column) => given[column] !== undefined);
    const where = columns.length
      ? `WHERE ${columns.map((column, at) => `${column} = $${at + 1}`).join(' AND ')}`
      : '';
    const result = await this.pool.query<{ n: string | number }>(
      `SELECT count(*) AS n FROM index_objects ${where}`,
      columns.map((column) => given[column]),
    );
    return Number(result.rows[0]?.n ?? 0);
  }

  /**
   * Objects per (cluster, kind): what `/metrics` shows. With `clusters`, only theirs: each replica
   * counts the members it syncs, so no replica scans the whole table at every scrape and the
   * replicas' series add up to the index.
   */
  async objectCounts(clusters?: readonly string[]): Promise<ObjectCount[]> {
    const result = await this.pool.query<{ cluster: string; kind: string; n: string | number }>(
      `SELECT cluster, kind, count(*) AS n FROM index_objects
       ${clusters ? 'WHERE cluster = ANY($1::text[])' : ''} GROUP BY cluster, kind`,
      clusters ? [clusters] : [],
    );
    return result.rows.map(({ cluster, kind, n }) => ({ cluster, kind, objects: Number(n) }));
  }

  async objectsOf(cluster: string, kind: string): Promise<KubeObject[]> {
    const result = await this.pool.query<{ object: string }>(
      'SELECT object FROM index_objects WHERE cluster = $1 AND kind = $2',
      [cluster, kind],
    );
    return result.rows.map((row) => JSON.parse(row.object) as KubeObject);
  }

  /** Running pods bound to a node, chosen by columns so the others' JSON is never parsed. */
  async runningPodsOf(cluster: string): Promise<KubeObject[]> {
    const result = await this.pool.query<{ object: string }>(
      `SELECT object FROM index_objects WHERE cluster = $1 AND kind = 'pods'
         AND phase = 'Running' AND node_name IS NOT NULL`,
      [cluster],
    );
    return result.rows.map((row) => JSON.parse(row.object) as KubeObject);
  }

  async list(query: ListQuery): Promise<ListResult> {
    // Built first: a malformed cursor is refused before anything is read.
    if (!buildPgList(query)) return { items: [] };
    const count = buildPgMatchCount(query);
    const matches = count
      ? Number((await this.pool.query<{ n: string }>(count.sql, count.params)).rows[0]?.n ?? 0)
      : undefined;
    if (matches === 0) return { items: [] };
    const built = buildPgList(query, matches !== undefined && matches < fewTrigramMatches);
    if (!built) return { items: [] };
    return listPage((await this.pool.query<Row>(built.sql, built.params)).rows, built);
  }

  async search(query: SearchQuery): Promise<SearchGroup[]> {
    const built = buildPgSearch(query);
    if (!built) return [];
    return searchGroups((await this.pool.query<Row>(built.sql, built.params)).rows);
  }

  async labels(query: LabelQuery): Promise<LabelSummary[]> {
    const built = buildPgLabelQuery(query);
    if (!built) return [];
    return groupLabels((await this.pool.query(built.sql, built.params)).rows);
  }

  /** The pool is the replica's: closing the index leaves it to its owner. */
  async close(): Promise<void> {}
}

/** The index's writes go straight to the shared store: its driver never blocks the event loop. */
export function postgresWriter(store: PostgresIndexStore): IndexWriter {
  return {
    apply: (cluster, kind, changes) => store.apply(cluster, kind, changes),
    beginRelist: (cluster, kind) => store.beginRelist(cluster, kind),
    adoptCluster: (cluster, uid) => store.adoptCluster(cluster, uid),
    dropCluster: (cluster) => store.dropCluster(cluster),
    objectCounts: () => store.objectCounts(),
    close: () => store.close(),
  };
}

/** The index on the replica's shared pool: the reader and its writer (main.ts). */
export function sharedIndex(pool: pg.Pool): { index: PostgresIndexStore; writer: IndexWriter } {
  const index = new PostgresIndexStore(pool);
  return { index, writer: postgresWriter(index) };
}

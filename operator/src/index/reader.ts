// What the index's readers (list, search, label counts, cluster detail, the cost job) ask of it.
// The SQLite store answers on the calling thread; the PostgreSQL one (postgres-store.ts) answers
// with promises, so every reader awaits (docs/decisions/index-on-postgres.md).
import type { LabelQuery, LabelSummary } from './label-query.js';
import type { ListResult, SearchGroup } from './store.js';
import type { ListQuery, SearchQuery } from './store-query.js';
import type { KubeObject } from './trim.js';

export type Awaitable<T> = T | Promise<T>;

export interface IndexReader {
  /** The clusters that have objects in the index, or a recorded Cluster uid. */
  clusters(): Awaitable<string[]>;
  count(cluster?: string, kind?: string): Awaitable<number>;
  /** Every object of one kind in one cluster, unfiltered: for the operator's own jobs (cost). */
  objectsOf(cluster: string, kind: string): Awaitable<KubeObject[]>;
  /** A cluster's Running pods bound to a node (what the cost job prices). */
  runningPodsOf(cluster: string): Awaitable<KubeObject[]>;
  /** One page, the caller's rights applied in the query. */
  list(query: ListQuery): Awaitable<ListResult>;
  search(query: SearchQuery): Awaitable<SearchGroup[]>;
  labels(query: LabelQuery): Awaitable<LabelSummary[]>;
  /** The uid of the Cluster whose member the rows of `cluster` were listed from, if recorded. */
  adoptedBy(cluster: string): Awaitable<string | undefined>;
}

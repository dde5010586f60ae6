// The /crd.{host} list and search answers, read from the index with the caller's scope.
import type { ListQueryInput } from '@nimbus/api';
import type { ClusterObject } from '../hub/store.js';
import { invalid } from '../core/problems.js';
import { InvalidCursorError } from './cursor.js';
import type { IndexReader } from './reader.js';
import type { KubeObject } from './trim.js';
import type { CallerClusters } from '../access/caller-scope.js';

export type { ListQueryInput };

export interface Topology {
  cluster: string;
  region: string;
  vendor: string;
}

export type CrdItem = KubeObject & Topology;

function topologyOf(clusters: readonly ClusterObject[]): Map<string, Topology> {
  return new Map(
    clusters.map((c) => [
      c.metadata.name,
      { cluster: c.metadata.name, region: c.spec.region, vendor: c.spec.provider },
    ]),
  );
}

export async function listObjects(
  index: IndexReader,
  caller: CallerClusters,
  kind: string,
  query: ListQueryInput,
): Promise<{ items: CrdItem[]; nextCursor?: string }> {
  let result;
  // Awaited inside the try: on a bad cursor the SQLite store throws, the PostgreSQL one rejects.
  try {
    result = await index.list({
      scope: caller.scope,
      kinds: [kind],
      ...(query.cluster.length ? { clusters: query.cluster } : {}),
      ...(query.namespace.length ? { namespaces: query.namespace } : {}),
      ...(query.label.length ? { labels: query.label } : {}),
      ...(query.name ? { nameContains: query.name } : {}),
      sort: query.sort,
      order: query.order,
      limit: query.pageSize,
      ...(query.cursor ? { after: query.cursor } : {}),
    });
  } catch (error) {
    if (error instanceof InvalidCursorError) throw invalid('cursor', error.message);
    throw error;
  }
  const topology = topologyOf(caller.visible);
  const items = result.items.map((item) => ({
    ...item.object,
    ...(topology.get(item.cluster) ?? { cluster: item.cluster, region: '', vendor: '' }),
  }));
  return { items, ...(result.nextCursor ? { nextCursor: result.nextCursor } : {}) };
}

/** A search result: per cluster, per resource type, samples of name/namespace/value. */
export interface SearchResult {
  providerTopology: Topology;
  resources: Array<{
    type: string;
    unit: '';
    samples: Array<{ labels: { name: string; namespace: string }; value: string }>;
  }>;
}

export async function searchObjects(
  index: IndexReader,
  caller: CallerClusters,
  keyword: string,
): Promise<SearchResult[]> {
  const groups = await index.search({ text: keyword, scope: caller.scope });
  const topology = topologyOf(caller.visible);
  return groups.map((group) => ({
    providerTopology: topology.get(group.cluster) ?? {
      cluster: group.cluster,
      region: '',
      vendor: '',
    },
    resources: group.resources.map((resource) => ({ ...resource, unit: '' as const })),
  }));
}

// The /crd.{host} list and search answers, read from the index with the caller's scope.
import { z } from 'zod';
import type { ClusterObject } from '../hub/store.js';
import { invalid } from '../core/problems.js';
import { InvalidCursorError } from '../index/cursor.js';
import type { IndexStore } from '../index/store.js';
import { maxLimit } from '../index/store-query.js';
import type { KubeObject } from '../index/trim.js';
import type { CallerClusters } from '../access/caller-scope.js';

/** A query value given once, repeated, or comma-separated, as a list without blanks. */
const many = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) =>
    (value === undefined ? [] : Array.isArray(value) ? value : [value])
      .flatMap((item) => item.split(','))
      .map((item) => item.trim())
      .filter((item) => item !== ''),
  );

export const listQuery = z.object({
  cluster: many,
  namespace: many,
  // Labels are not comma-split: a value may contain commas only as separate parameters.
  label: z
    .union([z.string().max(317), z.array(z.string().max(317)).max(20)])
    .optional()
    .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value])),
  name: z.string().trim().max(253).optional(),
  sort: z.enum(['name', 'created']).default('name'),
  order: z.enum(['asc', 'desc']).default('asc'),
  pageSize: z.coerce.number().int().min(1).max(maxLimit).default(50),
  cursor: z.string().max(4096).optional(),
});
export type ListQueryInput = z.output<typeof listQuery>;

export const searchQuery = z.object({
  keyword: z.string().trim().min(1, 'keyword is required').max(253),
});

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

export function listObjects(
  index: IndexStore,
  caller: CallerClusters,
  kind: string,
  query: ListQueryInput,
): { items: CrdItem[]; nextCursor?: string } {
  let result;
  try {
    result = index.list({
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

/** SPEC §3 "Search result": per cluster, per resource type, samples of name/namespace/value. */
export interface SearchResult {
  providerTopology: Topology;
  resources: Array<{
    type: string;
    unit: '';
    samples: Array<{ labels: { name: string; namespace: string }; value: string }>;
  }>;
}

export function searchObjects(
  index: IndexStore,
  caller: CallerClusters,
  keyword: string,
): SearchResult[] {
  const topology = topologyOf(caller.visible);
  return index.search({ text: keyword, scope: caller.scope }).map((group) => ({
    providerTopology: topology.get(group.cluster) ?? {
      cluster: group.cluster,
      region: '',
      vendor: '',
    },
    resources: group.resources.map((resource) => ({ ...resource, unit: '' as const })),
  }));
}

import type { SearchResult, SearchSample, Topology } from '@nimbus/api';

/** One cluster's tab of search results: its samples grouped by resource type. */
export interface ClusterResultGroup {
  key: string;
  topology: Topology;
  byType: { type: string; samples: SearchSample[] }[];
}

/**
 * Groups the server's results per cluster, then per resource type, merging repeated clusters or
 * types and dropping those without samples, so an empty list means "nothing found".
 */
export function groupSearchResults(results: readonly SearchResult[]): ClusterResultGroup[] {
  const clusters = new Map<string, ClusterResultGroup>();
  for (const { providerTopology: topology, resources } of results) {
    const key = `${topology.vendor}/${topology.region}/${topology.cluster}`;
    const group = clusters.get(key) ?? { key, topology, byType: [] };
    for (const { type, samples } of resources) {
      if (samples.length === 0) continue;
      const existing = group.byType.find((entry) => entry.type === type);
      if (existing) existing.samples.push(...samples);
      else group.byType.push({ type, samples: [...samples] });
    }
    if (group.byType.length > 0) clusters.set(key, group);
  }
  return [...clusters.values()];
}

/** Epoch seconds below this are seconds, above it milliseconds (year 33658 in seconds). */
const MILLISECONDS_THRESHOLD = 1e12;

/** A sample's timestamp in the reader's language; anything unparsable is shown as given. */
export function formatSampleTime(value: number | string, language: string): string {
  const numeric = typeof value === 'number' ? value : Number(value);
  const time =
    value !== '' && Number.isFinite(numeric)
      ? new Date(numeric < MILLISECONDS_THRESHOLD ? numeric * 1000 : numeric)
      : new Date(value);
  return Number.isNaN(time.getTime()) ? String(value) : time.toLocaleString(language);
}

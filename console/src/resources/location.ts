import type { ClusterLocation } from '@nimbus/api';

/** The location named by a detail page's query, or undefined when a part is missing. */
export function locationFromQuery(query: URLSearchParams): ClusterLocation | undefined {
  const vendor = query.get('vendor');
  const region = query.get('region');
  const cluster = query.get('cluster');
  return vendor && region && cluster ? { vendor, region, cluster } : undefined;
}

import type { CrdCluster } from '@nimbus/api';
import type { ListedObject } from './kubeObject';

export interface TopologyRegion {
  region: string;
  clusters: { cluster: CrdCluster; nodes: ListedObject[] }[];
}

export interface TopologyVendor {
  vendor: string;
  regions: TopologyRegion[];
}

const byText =
  <T>(text: (item: T) => string) =>
  (a: T, b: T) =>
    text(a).localeCompare(text(b));

/** vendor → region → cluster → nodes, each level sorted by name; clusters without nodes kept. */
export function buildTopology(
  clusters: readonly CrdCluster[],
  nodes: readonly ListedObject[],
): TopologyVendor[] {
  const vendors = new Map<string, Map<string, TopologyRegion['clusters']>>();
  for (const cluster of clusters) {
    const regions = vendors.get(cluster.kind) ?? new Map<string, TopologyRegion['clusters']>();
    vendors.set(cluster.kind, regions);
    const entries = regions.get(cluster.regionID) ?? [];
    regions.set(cluster.regionID, entries);
    entries.push({
      cluster,
      nodes: nodes
        .filter((node) => node.cluster === cluster.name)
        .sort(byText((node) => node.metadata?.name ?? '')),
    });
  }
  return [...vendors.entries()]
    .map(([vendor, regions]) => ({
      vendor,
      regions: [...regions.entries()]
        .map(([region, entries]) => ({
          region,
          clusters: entries.sort(byText((entry) => entry.cluster.name)),
        }))
        .sort(byText((region) => region.region)),
    }))
    .sort(byText((vendor) => vendor.vendor));
}

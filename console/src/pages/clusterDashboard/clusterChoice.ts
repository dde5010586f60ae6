import type { CrdCluster } from '@nimbus/api';
import { localStore } from '../../session/localStore';
import { isClusterUsable } from '../resources/ClusterSelect';

// The cluster dashboard's cluster is named by vendor, region and name, the address its metrics
// calls use: two vendors may each have a cluster called "prod". The last choice is remembered
// in this browser under the user's id, like her list columns.

type Located = Pick<CrdCluster, 'kind' | 'regionID' | 'name'>;

export const clusterKey = (cluster: Located): string =>
  `${cluster.kind}/${cluster.regionID}/${cluster.name}`;

const storageKey = (userId: string) => `nimbus.clusterDashboard.${userId}`;

export function rememberedCluster(userId: string): string | undefined {
  return localStore()?.getItem(storageKey(userId)) ?? undefined;
}

export function rememberCluster(userId: string, key: string): void {
  localStore()?.setItem(storageKey(userId), key);
}

/** The first of the wanted keys that names a usable cluster, else the first usable cluster. */
export function chooseCluster(
  clusters: readonly CrdCluster[],
  wanted: readonly (string | null | undefined)[],
): CrdCluster | undefined {
  const usable = clusters.filter(isClusterUsable);
  for (const key of wanted) {
    const found = key ? usable.find((cluster) => clusterKey(cluster) === key) : undefined;
    if (found) return found;
  }
  return usable[0];
}

export interface ClusterOptionGroup {
  label: string;
  title: string;
  options: { value: string; label: string; disabled: boolean }[];
}

/** The picker's options: one group per vendor and region, in the order clusters come. */
export function clusterOptionGroups(
  clusters: readonly CrdCluster[],
  vendorName: (kind: string) => string,
): ClusterOptionGroup[] {
  const groups = new Map<string, ClusterOptionGroup>();
  for (const cluster of clusters) {
    const label = cluster.regionID
      ? `${vendorName(cluster.kind)} · ${cluster.regionID}`
      : vendorName(cluster.kind);
    const group = groups.get(label) ?? { label, title: label, options: [] };
    group.options.push({
      value: clusterKey(cluster),
      label: cluster.name,
      disabled: !isClusterUsable(cluster),
    });
    groups.set(label, group);
  }
  return [...groups.values()];
}

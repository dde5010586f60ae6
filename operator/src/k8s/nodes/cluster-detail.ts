// One cluster as its detail page shows it: the provider view and status from the hub, node
// figures from the index with the caller's rights applied (a denied caller sees no nodes).
import type { CallerClusters } from '../../access/caller-scope.js';
import { conditionsFor } from '../../clusters/rbac/member-claims.js';
import { notFound } from '../../core/problems.js';
import type { IndexReader } from '../../index/reader.js';
import { maxLimit } from '../../index/store-query.js';
import { toProviderView } from '../../clusters/provider-views.js';
import type { ClusterLocation } from '../member-access.js';
import type { KubeNode } from './node-view.js';
import type { ClusterDetail, ResourceTotals } from '@nimbus/api';
import { nodeReady, parseQuantity } from '@nimbus/api/shared';

export type { ClusterDetail, ResourceTotals };

const zero = (): ResourceTotals => ({ cpu: 0, memory: 0, pods: 0 });

function add(totals: ResourceTotals, figures: Record<string, string> | undefined): void {
  totals.cpu += parseQuantity(figures?.cpu);
  totals.memory += parseQuantity(figures?.memory);
  totals.pods += parseQuantity(figures?.pods);
}

// Sums carry float noise ("0.30000000000000004" cores); a millicore is the finest unit shown.
const rounded = (t: ResourceTotals): ResourceTotals => ({
  cpu: Math.round(t.cpu * 1000) / 1000,
  memory: Math.round(t.memory),
  pods: Math.round(t.pods),
});

/** Every indexed node of the cluster the caller may see, page by page. */
async function* indexedNodes(index: IndexReader, caller: CallerClusters, cluster: string) {
  let after: string | undefined;
  do {
    const page = await index.list({
      scope: caller.scope,
      kinds: ['nodes'],
      clusters: [cluster],
      limit: maxLimit,
      ...(after ? { after } : {}),
    });
    for (const item of page.items) yield item.object as KubeNode;
    after = page.nextCursor;
  } while (after);
}

export async function clusterDetail(
  index: IndexReader,
  caller: CallerClusters,
  location: ClusterLocation,
  viewer: { sysAdmin: boolean },
): Promise<ClusterDetail> {
  const cluster = caller.visible.find(
    (c) =>
      c.metadata.name === location.cluster &&
      c.spec.provider === location.vendor &&
      c.spec.region === location.region,
  );
  if (!cluster) {
    throw notFound(`cluster ${location.cluster} in ${location.vendor}/${location.region}`);
  }
  const capacity = zero();
  const allocatable = zero();
  let nodeCount = 0;
  let readyNodeCount = 0;
  for await (const node of indexedNodes(index, caller, cluster.metadata.name)) {
    nodeCount += 1;
    if (nodeReady(node)) readyNodeCount += 1;
    add(capacity, node.status?.capacity);
    add(allocatable, node.status?.allocatable);
  }
  const status = cluster.status;
  return {
    ...toProviderView(cluster, caller.access[cluster.metadata.name]),
    organization: caller.owners[cluster.metadata.name] ?? '',
    kubernetesVersion: status?.kubernetesVersion ?? '',
    nodeCount,
    readyNodeCount,
    ...(status?.lastProbeTime ? { lastProbeTime: status.lastProbeTime } : {}),
    conditions: conditionsFor(status?.conditions ?? [], viewer),
    capacity: rounded(capacity),
    allocatable: rounded(allocatable),
  };
}

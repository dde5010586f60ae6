import { callerClusters } from '../../access/caller-scope.js';
import { requireIdentity } from '../identity-locals.js';
import type { MemberRouteDeps } from '../../k8s/deps.js';
import { clusterDetail } from '../../k8s/nodes/cluster-detail.js';
import { listNodeEvents } from '../../k8s/nodes/node-events.js';
import { cordonNode, nodePath, updateNodeMetadata } from '../../k8s/nodes/node-patch.js';
import { listNodePods } from '../../k8s/nodes/node-pods.js';
import type { KubeNode } from '../../k8s/nodes/node-view.js';
import { toNodeDetail } from '../../k8s/nodes/node-view.js';
import type { CallContext, Implementation } from '../contract/implement.js';
import { implement } from '../contract/implement.js';

/** Cluster detail and nodes below /crd.{host}/vendors/…/clusters/:cluster, and node writes. */
export function nodeEndpoints(deps: MemberRouteDeps): Implementation[] {
  // The caller is checked (9997 for a denied cluster) before anything is sent to the member.
  const memberFor = (
    params: { vendor: string; region: string; cluster: string },
    ctx: CallContext,
  ) => deps.members.forCaller(requireIdentity(ctx.res), params);

  return [
    implement('getCluster', async ({ params }, { res }) => {
      const identity = requireIdentity(res);
      const caller = await callerClusters(deps.store, identity);
      return clusterDetail(deps.index, caller, params, identity);
    }),
    implement('getNode', async ({ params }, ctx) => {
      const member = await memberFor(params, ctx);
      return toNodeDetail(await member.json<KubeNode>({ path: nodePath(params.node) }));
    }),
    implement('listNodePods', async ({ params, query }, ctx) =>
      listNodePods(await memberFor(params, ctx), params.node, query),
    ),
    implement('listNodeEvents', async ({ params }, ctx) =>
      listNodeEvents(await memberFor(params, ctx), params.node),
    ),
    implement('cordonNode', async ({ params, query }, ctx) => {
      const member = await memberFor(params, ctx);
      return toNodeDetail(await cordonNode(member, params.node, query.unschedulable === 'true'));
    }),
    implement('updateNodeMetadata', async ({ params, body }, ctx) => {
      const member = await memberFor(params, ctx);
      return toNodeDetail(await updateNodeMetadata(member, params.node, body));
    }),
  ];
}

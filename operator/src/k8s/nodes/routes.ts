import type { Request, Response, Router } from 'express';
import { callerClusters } from '../../access/caller-scope.js';
import { handle } from '../../http/respond.js';
import { parseRequest } from '../../core/problems.js';
import { requireIdentity } from '../../identity/identity.js';
import type { MemberRouteDeps } from '../deps.js';
import { locationFromParams, locationPath } from '../location.js';
import type { UserMember } from '../member-access.js';
import { clusterDetail } from './cluster-detail.js';
import { listNodeEvents } from './node-events.js';
import { cordonNode, nodePath, updateNodeMetadata } from './node-patch.js';
import { listNodePods } from './node-pods.js';
import { cordonQuery, nodeMetadataBody, nodeParam, nodePodsQuery } from './node-schemas.js';
import type { KubeNode } from './node-view.js';
import { toNodeDetail } from './node-view.js';

const nodeAt = `${locationPath}/nodes/:node`;

/** The addressed node's member as the caller; the caller is checked before anything is sent. */
async function nodeMember(
  deps: MemberRouteDeps,
  req: Request,
  res: Response,
): Promise<{ member: UserMember; node: string }> {
  const location = locationFromParams(req);
  const { node } = parseRequest(nodeParam, req.params);
  const member = await deps.members.forCaller(requireIdentity(res), location);
  return { member, node };
}

/** GET/PUT below /crd.{host}/vendors/…/clusters/:cluster: cluster detail and nodes. */
export function addNodeCrdRoutes(router: Router, deps: MemberRouteDeps): void {
  router.get(
    locationPath,
    handle(async (req, res) => {
      const location = locationFromParams(req);
      const caller = await callerClusters(deps.store, requireIdentity(res));
      return clusterDetail(deps.index, caller, location);
    }),
  );
  router.get(
    nodeAt,
    handle(async (req, res) => {
      const { member, node } = await nodeMember(deps, req, res);
      return toNodeDetail(await member.json<KubeNode>({ path: nodePath(node) }));
    }),
  );
  router.get(
    `${nodeAt}/pods`,
    handle(async (req, res) => {
      const page = parseRequest(nodePodsQuery, req.query);
      const { member, node } = await nodeMember(deps, req, res);
      return listNodePods(member, node, page);
    }),
  );
  router.get(
    `${nodeAt}/events`,
    handle(async (req, res) => {
      const { member, node } = await nodeMember(deps, req, res);
      return listNodeEvents(member, node);
    }),
  );
  router.put(
    nodeAt,
    handle(async (req, res) => {
      const { unschedulable } = parseRequest(cordonQuery, req.query);
      const { member, node } = await nodeMember(deps, req, res);
      return toNodeDetail(await cordonNode(member, node, unschedulable === 'true'));
    }),
  );
}

/** PUT /k8s.{host}/vendors/…/clusters/:cluster/nodes/:node (labels, annotations, taints). */
export function addNodeK8sRoutes(router: Router, deps: MemberRouteDeps): void {
  router.put(
    nodeAt,
    handle(async (req, res) => {
      const body = parseRequest(nodeMetadataBody, req.body);
      const { member, node } = await nodeMember(deps, req, res);
      return toNodeDetail(await updateNodeMetadata(member, node, body));
    }),
  );
}

// Node writes as JSON merge patches. Replacing a whole map means naming every removed key with
// null; the resourceVersion read first makes a concurrent change fail instead of being lost.
import { lastAppliedAnnotation } from '../../index/trim.js';
import type { UserMember } from '../member-access.js';
import type { NodeMetadataBody } from '@nimbus/api';
import type { KubeNode, Taint } from './node-view.js';

export const mergePatch = 'application/merge-patch+json';

export const nodePath = (node: string): string => `/api/v1/nodes/${encodeURIComponent(node)}`;

function replacement(
  current: Record<string, string>,
  wanted: Record<string, string>,
): Record<string, string | null> {
  const patch: Record<string, string | null> = { ...wanted };
  for (const key of Object.keys(current)) {
    if (!(key in wanted)) patch[key] = null;
  }
  return patch;
}

/** Taints kept as they are keep their timeAdded, which the member uses for NoExecute evictions. */
function withTimes(current: readonly Taint[], wanted: NodeMetadataBody['taints'] = []): Taint[] {
  return wanted.map((taint) => {
    const same = current.find(
      (t) =>
        t.key === taint.key && t.effect === taint.effect && (t.value ?? '') === (taint.value ?? ''),
    );
    return {
      key: taint.key,
      ...(taint.value ? { value: taint.value } : {}),
      effect: taint.effect,
      ...(same?.timeAdded ? { timeAdded: same.timeAdded } : {}),
    };
  });
}

/** The merge patch that makes the node's labels, annotations and taints those given. */
export function metadataPatch(node: KubeNode, body: NodeMetadataBody): Record<string, unknown> {
  const meta = node.metadata ?? {};
  const metadata: Record<string, unknown> = { resourceVersion: meta.resourceVersion };
  if (body.labels) metadata.labels = replacement(meta.labels ?? {}, body.labels);
  if (body.annotations) {
    const current = meta.annotations ?? {};
    const wanted = { ...body.annotations };
    const lastApplied = current[lastAppliedAnnotation];
    // The editor never shows it; dropping it would break the next kubectl apply.
    if (lastApplied !== undefined && !(lastAppliedAnnotation in wanted)) {
      wanted[lastAppliedAnnotation] = lastApplied;
    }
    metadata.annotations = replacement(current, wanted);
  }
  const patch: Record<string, unknown> = { metadata };
  if (body.taints) {
    const taints = withTimes(node.spec?.taints ?? [], body.taints);
    patch.spec = { taints: taints.length > 0 ? taints : null };
  }
  return patch;
}

export async function updateNodeMetadata(
  member: UserMember,
  node: string,
  body: NodeMetadataBody,
): Promise<KubeNode> {
  const current = await member.json<KubeNode>({ path: nodePath(node) });
  return member.json<KubeNode>({
    method: 'PATCH',
    path: nodePath(node),
    contentType: mergePatch,
    body: metadataPatch(current, body),
  });
}

/** Cordon (true) or uncordon (false); uncordon removes the field as kubectl does. */
export function cordonNode(
  member: UserMember,
  node: string,
  unschedulable: boolean,
): Promise<KubeNode> {
  return member.json<KubeNode>({
    method: 'PATCH',
    path: nodePath(node),
    contentType: mergePatch,
    body: { spec: { unschedulable: unschedulable ? true : null } },
  });
}

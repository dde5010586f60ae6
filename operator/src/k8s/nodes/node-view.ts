// The node as the console's node detail page shows it.
import type { NodeCondition, NodeDetail, TaintView } from '@nimbus/api';
import { nodeInternalIP, nodeReady, nodeRoles } from '@nimbus/api/shared';
import type { KubeObject } from '../../index/trim.js';

export type { NodeCondition, NodeDetail };
export type Taint = TaintView;

/** The parts of a v1 Node this module reads. */
export interface KubeNode extends KubeObject {
  spec?: { unschedulable?: boolean; taints?: Taint[] };
  status?: {
    addresses?: Array<{ type?: string; address?: string }>;
    nodeInfo?: Partial<Record<string, string>>;
    capacity?: Record<string, string>;
    allocatable?: Record<string, string>;
    conditions?: NodeCondition[];
  };
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

function condition(c: NodeCondition): NodeCondition {
  return {
    type: text(c.type),
    status: text(c.status),
    ...(c.reason ? { reason: c.reason } : {}),
    ...(c.message ? { message: c.message } : {}),
    ...(c.lastTransitionTime ? { lastTransitionTime: c.lastTransitionTime } : {}),
  };
}

function taint(t: Taint): Taint {
  return {
    key: text(t.key),
    ...(t.value ? { value: t.value } : {}),
    effect: t.effect,
    ...(t.timeAdded ? { timeAdded: t.timeAdded } : {}),
  };
}

export function toNodeDetail(node: KubeNode): NodeDetail {
  const meta = node.metadata ?? {};
  const info = node.status?.nodeInfo ?? {};
  const labels = meta.labels ?? {};
  return {
    name: text(meta.name),
    uid: text(meta.uid),
    createdAt: text(meta.creationTimestamp),
    ready: nodeReady(node),
    unschedulable: node.spec?.unschedulable === true,
    roles: nodeRoles(labels),
    internalIP: nodeInternalIP(node) ?? '',
    kubeletVersion: text(info.kubeletVersion),
    osImage: text(info.osImage),
    kernelVersion: text(info.kernelVersion),
    kubeProxyVersion: text(info.kubeProxyVersion),
    containerRuntimeVersion: text(info.containerRuntimeVersion),
    architecture: text(info.architecture),
    operatingSystem: text(info.operatingSystem),
    taints: (node.spec?.taints ?? []).map(taint),
    labels,
    annotations: meta.annotations ?? {},
    capacity: node.status?.capacity ?? {},
    allocatable: node.status?.allocatable ?? {},
    conditions: (node.status?.conditions ?? []).map(condition),
  };
}

// The node as the console's node detail page shows it.
import type { NodeCondition, NodeDetail, TaintView } from '@nimbus/api';
import { nodeRoles } from '@nimbus/api/shared';
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

export function isNodeReady(node: KubeNode): boolean {
  return node.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True') ?? false;
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
  const internalIP = node.status?.addresses?.find((a) => a.type === 'InternalIP')?.address ?? '';
  return {
    name: text(meta.name),
    uid: text(meta.uid),
    createdAt: text(meta.creationTimestamp),
    ready: isNodeReady(node),
    unschedulable: node.spec?.unschedulable === true,
    roles: nodeRoles(labels),
    internalIP,
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

// Reads the allocation model's inputs from Kubernetes objects (as the index stores them):
// nodes with their instance type, region and capacity; running pods' containers with their
// requests, the workload that owns them and their labels; usage from Prometheus samples.
import { parseQuantity } from '@nimbus/api/shared';
import type { KubeObject } from '../index/trim.js';
import type { ContainerInput, NodeInput, WorkloadRef } from './allocation.js';

const instanceTypeLabels = ['node.kubernetes.io/instance-type', 'beta.kubernetes.io/instance-type'];
const regionLabels = ['topology.kubernetes.io/region', 'failure-domain.beta.kubernetes.io/region'];
/** Labels the controllers add per revision or pod: they would split one workload in many. */
const revisionLabels = new Set([
  'pod-template-hash',
  'controller-revision-hash',
  'statefulset.kubernetes.io/pod-name',
  'apps.kubernetes.io/pod-index',
  'controller-uid',
  'job-name',
  'batch.kubernetes.io/controller-uid',
  'batch.kubernetes.io/job-name',
]);

type Record_ = Record<string, unknown>;
const isRecord = (value: unknown): value is Record_ =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

function firstLabel(labels: Record<string, string>, keys: readonly string[]): string | undefined {
  for (const key of keys) if (labels[key]) return labels[key];
  return undefined;
}

/** A node's capacity (what its price buys), instance type and region. */
export function nodeInput(node: KubeObject): NodeInput {
  const labels = node.metadata?.labels ?? {};
  const status = isRecord(node.status) ? node.status : {};
  const capacity = isRecord(status.capacity) ? status.capacity : {};
  return {
    name: node.metadata?.name ?? '',
    instanceType: firstLabel(labels, instanceTypeLabels),
    region: firstLabel(labels, regionLabels),
    cpuCores: parseQuantity(str(capacity.cpu)),
    memoryBytes: parseQuantity(str(capacity.memory)),
  };
}

/** Resolves a Job to the CronJob that created it, when it has one. */
export type JobOwner = (namespace: string, job: string) => string | undefined;

/** The workload a pod belongs to: its controller, with a ReplicaSet read as its Deployment. */
export function workloadOf(pod: KubeObject, jobOwner: JobOwner = () => undefined): WorkloadRef {
  const metadata = pod.metadata ?? {};
  const owners = Array.isArray(metadata.ownerReferences)
    ? metadata.ownerReferences.filter(isRecord)
    : [];
  const owner = owners.find((o) => o.controller === true) ?? owners[0];
  const kind = str(owner?.kind);
  const name = str(owner?.name);
  if (!kind || !name) return { kind: 'Pod', name: metadata.name ?? '' };
  const hash = metadata.labels?.['pod-template-hash'];
  if (kind === 'ReplicaSet' && hash && name.endsWith(`-${hash}`)) {
    return { kind: 'Deployment', name: name.slice(0, -(hash.length + 1)) };
  }
  if (kind === 'Job') {
    const cronJob = jobOwner(metadata.namespace ?? '', name);
    if (cronJob) return { kind: 'CronJob', name: cronJob };
  }
  return { kind, name };
}

export function workloadLabels(labels: Record<string, string> | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(labels ?? {}).filter(([k]) => !revisionLabels.has(k)));
}

/** Usage per container, keyed `namespace/pod/container`: CPU in cores, memory in bytes. */
export interface ContainerUsage {
  cpuCores: Map<string, number>;
  memoryBytes: Map<string, number>;
}

export const usageKey = (namespace: string, pod: string, container: string) =>
  `${namespace}/${pod}/${container}`;

/** The containers of running pods placed on a node; pods not running cost nothing. */
export function containerInputs(
  pods: readonly KubeObject[],
  usage: ContainerUsage | undefined,
  jobOwner?: JobOwner,
): ContainerInput[] {
  return pods.flatMap((pod) => {
    const spec = isRecord(pod.spec) ? pod.spec : {};
    const status = isRecord(pod.status) ? pod.status : {};
    const node = str(spec.nodeName);
    if (!node || status.phase !== 'Running') return [];
    const namespace = pod.metadata?.namespace ?? '';
    const name = pod.metadata?.name ?? '';
    const workload = workloadOf(pod, jobOwner);
    const labels = workloadLabels(pod.metadata?.labels);
    const containers = Array.isArray(spec.containers) ? spec.containers.filter(isRecord) : [];
    return containers.map((container) => {
      const containerName = str(container.name) ?? '';
      const resources = isRecord(container.resources) ? container.resources : {};
      const requests = isRecord(resources.requests) ? resources.requests : {};
      const key = usageKey(namespace, name, containerName);
      return {
        namespace,
        pod: name,
        container: containerName,
        node,
        workload,
        labels,
        cpuRequestCores: parseQuantity(str(requests.cpu)),
        memoryRequestBytes: parseQuantity(str(requests.memory)),
        cpuUsageCores: usage?.cpuCores.get(key),
        memoryUsageBytes: usage?.memoryBytes.get(key),
      };
    });
  });
}

// Where a workload lives on a member's API server, and the Kind its collection holds.
import type { WorkloadKind } from '@nimbus/api/shared';

const groupOf: Record<WorkloadKind, string> = {
  deployments: '/apis/apps/v1',
  statefulsets: '/apis/apps/v1',
  daemonsets: '/apis/apps/v1',
  cronjobs: '/apis/batch/v1',
  jobs: '/apis/batch/v1',
};

export const kindNameOf: Record<WorkloadKind, string> = {
  deployments: 'Deployment',
  statefulsets: 'StatefulSet',
  daemonsets: 'DaemonSet',
  cronjobs: 'CronJob',
  jobs: 'Job',
};

export const mergePatch = 'application/merge-patch+json';
export const strategicMergePatch = 'application/strategic-merge-patch+json';
export const jsonPatch = 'application/json-patch+json';

/** The collection of `plural` (any kind) in `namespace` below `groupPath`, e.g. /api/v1. */
export function collectionIn(groupPath: string, namespace: string, plural: string): string {
  return `${groupPath}/namespaces/${encodeURIComponent(namespace)}/${plural}`;
}

export function workloadPath(kind: WorkloadKind, namespace: string, name: string): string {
  return `${collectionIn(groupOf[kind], namespace, kind)}/${encodeURIComponent(name)}`;
}

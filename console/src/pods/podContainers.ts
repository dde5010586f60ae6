import { arrayAt, textAt, valueAt } from '@nimbus/api/shared';
import type { KubeObject } from '../resources/kubeObject';

export type ContainerState = 'running' | 'waiting' | 'terminated' | 'unknown';

/** One container of a pod as its detail page lists it: spec and status side by side. */
export interface ContainerRow {
  name: string;
  image: string;
  init: boolean;
  state: ContainerState;
  /** The waiting or terminated reason (CrashLoopBackOff, Completed …). */
  reason: string | undefined;
  ready: boolean;
  restarts: number;
}

function stateOf(status: unknown): { state: ContainerState; reason: string | undefined } {
  for (const state of ['running', 'waiting', 'terminated'] as const) {
    const detail = valueAt(status, 'state', state);
    if (detail !== undefined && detail !== null) {
      return { state, reason: textAt(detail, 'reason') };
    }
  }
  return { state: 'unknown', reason: undefined };
}

/** Init containers first (they run first), then the pod's containers, in spec order. */
export function containerRows(pod: KubeObject): ContainerRow[] {
  const rows = (specField: string, statusField: string, init: boolean): ContainerRow[] => {
    const statuses = arrayAt(pod, 'status', statusField);
    return arrayAt(pod, 'spec', specField).map((container) => {
      const name = textAt(container, 'name') ?? '';
      const status = statuses.find((candidate) => textAt(candidate, 'name') === name);
      const restarts = valueAt(status, 'restartCount');
      return {
        name,
        image: textAt(container, 'image') ?? '',
        init,
        ...stateOf(status),
        ready: valueAt(status, 'ready') === true,
        restarts: typeof restarts === 'number' ? restarts : 0,
      };
    });
  };
  return [
    ...rows('initContainers', 'initContainerStatuses', true),
    ...rows('containers', 'containerStatuses', false),
  ];
}

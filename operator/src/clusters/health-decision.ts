import type { DesiredCondition } from '../controllers/conditions.js';
import { transitions } from '../controllers/conditions.js';
import type { EventIntent } from '../controllers/events.js';
import type { Decision } from '../controllers/status.js';
import type { ClusterObject } from '../hub/store.js';
import { ownershipEvents } from './ownership-condition.js';

/** What one probe of a member saw. */
export type Probe =
  { ready: true; kubernetesVersion: string; nodeCount: number } | { ready: false; message: string };

export interface HealthFields {
  ready: boolean;
  kubernetesVersion?: string;
  nodeCount?: number;
  lastProbeTime: string;
}

/**
 * Observed → desired for a Cluster's health: status fields and the Ready condition from the
 * probe (an unreachable member keeps its last known version and node count), the Organization
 * condition, conditions reported by other controllers (this is the one writer of the status),
 * and Events — a Warning at each failed probe (the recorder counts repeats), a Normal
 * one when the cluster becomes ready.
 */
export function decideHealth(
  cluster: Pick<ClusterObject, 'status'>,
  probe: Probe,
  owner: DesiredCondition,
  now: Date,
  /** Conditions other controllers found out (the member RBAC's MemberClaim). */
  reported: readonly DesiredCondition[] = [],
): Decision<HealthFields> {
  const previous = cluster.status;
  const ready: DesiredCondition = probe.ready
    ? {
        type: 'Ready',
        status: 'True',
        reason: 'APIServerAnswered',
        message: `Kubernetes ${probe.kubernetesVersion}`,
      }
    : { type: 'Ready', status: 'False', reason: 'Unreachable', message: probe.message };
  const version = probe.ready ? probe.kubernetesVersion : previous?.kubernetesVersion;
  const nodeCount = probe.ready ? probe.nodeCount : previous?.nodeCount;
  const events: EventIntent[] = [...ownershipEvents(owner)];
  if (!probe.ready) {
    events.push({ type: 'Warning', reason: 'Unreachable', note: probe.message, action: 'Probe' });
  } else if (transitions(previous?.conditions ?? [], [ready]).length > 0) {
    const nodes = `${probe.nodeCount} node${probe.nodeCount === 1 ? '' : 's'}`;
    events.push({
      type: 'Normal',
      reason: 'BecameReady',
      note: `the API server answered: Kubernetes ${probe.kubernetesVersion}, ${nodes}`,
      action: 'Probe',
    });
  }
  return {
    conditions: [ready, owner, ...reported],
    fields: {
      ready: probe.ready,
      ...(version !== undefined ? { kubernetesVersion: version } : {}),
      ...(nodeCount !== undefined ? { nodeCount } : {}),
      lastProbeTime: now.toISOString(),
    },
    events,
  };
}

import type { ControllerFactory } from '../controllers/controller.js';
import { watch, watchSpec } from '../controllers/controller.js';
import { applyDecision } from '../controllers/status.js';
import type { Clock } from '../core/clock.js';
import { ApiError } from '../core/errors.js';
import type { ClusterObject, HubStore } from '../hub/store.js';
import { namedOrganization } from '../access/org-scope.js';
import { deadlineSignal } from '../member/transport/clock.js';
import type { ClusterConnector } from './connector.js';
import type { Probe } from './health-decision.js';
import { decideHealth } from './health-decision.js';
import { MemberCallError } from './member-client.js';
import { ownershipCondition } from './ownership-condition.js';
import type { ClaimBoard } from './rbac/member-claims.js';
import { countNodes, fetchVersion } from './probe.js';

export const defaultProbeIntervalMs = 15_000;
export const defaultProbeTimeoutMs = 3_000;
/** Lets registration write the credentials Secret, which it can only do after the Cluster exists. */
export const newClusterDelayMs = 1_000;
/** Probes at once: each waits at most its deadline, so a dead member holds one slot that long. */
const parallelProbes = 16;

export interface ClusterHealthOptions {
  store: Pick<HubStore, 'clusters' | 'organizations'>;
  connector: ClusterConnector;
  intervalMs?: number;
  timeoutMs?: number;
  /** MemberClaim conditions the member RBAC projection found out, written with the health. */
  claims?: ClaimBoard;
}

// Only messages we wrote ourselves reach the status and Events; anything else may quote internals.
function safeMessage(error: unknown): string {
  if (error instanceof MemberCallError || error instanceof ApiError) return error.message;
  return 'the probe failed';
}

async function probe(
  cluster: ClusterObject,
  connector: ClusterConnector,
  timeoutMs: number,
  clock: Clock,
): Promise<Probe> {
  const deadline = deadlineSignal(clock, timeoutMs);
  const late = new Promise<never>((_resolve, reject) => {
    deadline.signal.addEventListener('abort', () =>
      reject(new MemberCallError(`no answer within ${timeoutMs / 1000} s`, 'timeout')),
    );
  });
  try {
    const work = (async () => {
      const member = await connector.for(cluster, 'operator', { timeoutMs });
      const [kubernetesVersion, nodeCount] = await Promise.all([
        fetchVersion(member, timeoutMs),
        countNodes(member, { timeoutMs, signal: deadline.signal }),
      ]);
      return { ready: true as const, kubernetesVersion, nodeCount };
    })();
    return await Promise.race([work, late]);
  } catch (error) {
    return { ready: false, message: safeMessage(error) };
  } finally {
    deadline.release();
  }
}

/**
 * Keeps each Cluster's status fresh: GET /version and the node count as the operator, every
 * interval per cluster, each on its own deadline so a dead member never delays the others.
 */
export function clusterHealthController(options: ClusterHealthOptions): ControllerFactory {
  const { store, connector } = options;
  const intervalMs = options.intervalMs ?? defaultProbeIntervalMs;
  const timeoutMs = options.timeoutMs ?? defaultProbeTimeoutMs;
  return ({ clock, events, logger }) => {
    const log = logger.child({ controller: 'cluster-health' });
    return {
      name: 'cluster-health',
      concurrency: parallelProbes,
      watches: [
        watchSpec(store.clusters, (type, cluster) => {
          const name = cluster.metadata.name;
          if (type === 'delete') return [];
          return [type === 'add' ? { key: name, afterMs: newClusterDelayMs } : name];
        }),
        // The Organization condition follows the organization's own changes.
        watch(store.organizations, (_type, org) =>
          store.clusters
            .list((c) => namedOrganization(c) === org.metadata.name)
            .map((c) => c.metadata.name),
        ),
      ],
      keys: () => store.clusters.list().map((c) => c.metadata.name),
      async reconcile(name) {
        const cluster = store.clusters.get(name);
        if (!cluster || cluster.metadata.deletionTimestamp) return undefined;
        const seen = await probe(cluster, connector, timeoutMs, clock);
        // The probe took a while: write onto the Cluster as it is now.
        const current = store.clusters.get(name);
        if (!current || current.metadata.deletionTimestamp) return undefined;
        if (!seen.ready && current.status?.ready !== false) {
          log.warn({ cluster: name, reason: seen.message }, 'cluster is not ready');
        }
        const now = new Date(clock.now());
        const owner = ownershipCondition(current, store.organizations);
        const claim = options.claims?.get(current.metadata.uid);
        const decision = decideHealth(current, seen, owner, now, claim ? [claim] : []);
        await applyDecision(store.clusters, current, decision, { events, now });
        return { requeueAfterMs: intervalMs };
      },
    };
  };
}

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
/**
 * How long a Cluster that was never probed may wait for its credentials Secret: registration
 * writes the Secret just after the Cluster (the Secret is owned by it, so it needs its uid).
 * Until then the first probe waits for the Secret rather than report the Cluster unreachable;
 * a Cluster whose Secret is still missing after this is probed and reported as it is.
 */
export const newClusterDelayMs = 1_000;
/** How often a new Cluster's credentials Secret is looked for, within newClusterDelayMs. */
export const newClusterSecretPollMs = 100;
/** Probes at once: each waits at most its deadline, so a dead member holds one slot that long. */
const parallelProbes = 16;

export interface ClusterHealthOptions {
  store: Pick<HubStore, 'clusters' | 'organizations' | 'secrets'>;
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
    /** When each Cluster not yet probed was first seen waiting for its Secret, by uid. */
    const waitingSince = new Map<string, number>();
    /** Whether a Cluster never probed should wait a moment for its Secret before its first probe. */
    const awaitsSecret = async (cluster: ClusterObject): Promise<boolean> => {
      const uid = cluster.metadata.uid;
      const since = waitingSince.get(uid) ?? clock.now();
      if (clock.now() - since >= newClusterDelayMs) return false;
      // A hub that does not answer now is the probe's to report.
      const secret = await store.secrets
        .get(cluster.spec.credentialsSecretRef.name)
        .catch(() => 'unknown' as const);
      if (secret !== undefined) return false;
      waitingSince.set(uid, since);
      return true;
    };
    return {
      name: 'cluster-health',
      concurrency: parallelProbes,
      watches: [
        watchSpec(store.clusters, (type, cluster) => {
          const name = cluster.metadata.name;
          if (type === 'delete') {
            waitingSince.delete(cluster.metadata.uid);
            return [];
          }
          return [name];
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
        // Probed before: straight to the probe, as its deadline's timer starts at once.
        if (cluster.status?.ready === undefined) {
          if (await awaitsSecret(cluster)) return { requeueAfterMs: newClusterSecretPollMs };
          waitingSince.delete(cluster.metadata.uid);
        }
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

import { ApiError } from '../core/errors.js';
import type { ClusterObject, HubStore } from '../hub/store.js';
import type { Logger } from '../logger.js';
import type { ClusterConnector } from './connector.js';
import { MemberCallError } from './member-client.js';
import { ownershipCondition } from './ownership-condition.js';
import { countNodes, fetchVersion } from './probe.js';

export const defaultProbeIntervalMs = 15_000;
export const defaultProbeTimeoutMs = 3_000;
const newClusterDelayMs = 1_000;

export interface ClusterHealthOptions {
  store: Pick<HubStore, 'clusters' | 'organizations'>;
  connector: ClusterConnector;
  logger: Logger;
  intervalMs?: number;
  timeoutMs?: number;
  now?: () => Date;
}

export interface ClusterHealth {
  /** Probes every cluster once, in parallel; resolves when all are written. */
  probeAll(): Promise<void>;
  stop(): void;
}

type Observation =
  { ready: true; kubernetesVersion: string; nodeCount: number } | { ready: false; message: string };

function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new MemberCallError(`no answer within ${ms / 1000} s`, 'timeout')),
      ms,
    );
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

// Only messages we wrote ourselves reach the status; anything else may quote internals.
function safeMessage(error: unknown): string {
  if (error instanceof MemberCallError || error instanceof ApiError) return error.message;
  return 'the probe failed';
}

/**
 * Keeps each Cluster's status fresh: GET /version and the node count as the operator, each
 * cluster on its own deadline so a dead member never delays the others.
 */
export function startClusterHealth(options: ClusterHealthOptions): ClusterHealth {
  const intervalMs = options.intervalMs ?? defaultProbeIntervalMs;
  const timeoutMs = options.timeoutMs ?? defaultProbeTimeoutMs;
  const now = options.now ?? (() => new Date());
  const log = options.logger.child({ component: 'cluster-health' });
  const inFlight = new Map<string, Promise<void>>();

  async function observe(cluster: ClusterObject): Promise<Observation> {
    try {
      return await withDeadline(
        (async () => {
          const member = (await options.connector.forCluster(cluster, timeoutMs)).asOperator();
          const signal = AbortSignal.timeout(timeoutMs);
          const [kubernetesVersion, nodeCount] = await Promise.all([
            fetchVersion(member, timeoutMs),
            countNodes(member, { timeoutMs, signal }),
          ]);
          return { ready: true as const, kubernetesVersion, nodeCount };
        })(),
        timeoutMs,
      );
    } catch (error) {
      return { ready: false, message: safeMessage(error) };
    }
  }

  // A cluster still being probed is not probed twice; callers wait for the running probe.
  function probe(cluster: ClusterObject): Promise<void> {
    const name = cluster.metadata.name;
    const running = inFlight.get(name);
    if (running) return running;
    if (cluster.metadata.deletionTimestamp) return Promise.resolve();
    const done = probeOnce(cluster).finally(() => inFlight.delete(name));
    inFlight.set(name, done);
    return done;
  }

  async function probeOnce(cluster: ClusterObject): Promise<void> {
    const name = cluster.metadata.name;
    try {
      const seen = await observe(cluster);
      const previous = cluster.status;
      const before = previous?.conditions?.find((c) => c.type === 'Ready');
      const status = seen.ready ? 'True' : 'False';
      const at = now().toISOString();
      const ready = {
        type: 'Ready',
        status,
        lastTransitionTime: before?.status === status ? before.lastTransitionTime : at,
        reason: seen.ready ? 'APIServerAnswered' : 'Unreachable',
        message: seen.ready ? `Kubernetes ${seen.kubernetesVersion}` : seen.message,
      } as const;
      if (!seen.ready && previous?.ready !== false) {
        log.warn({ cluster: name, reason: seen.message }, 'cluster is not ready');
      }
      const version = seen.ready ? seen.kubernetesVersion : previous?.kubernetesVersion;
      const nodeCount = seen.ready ? seen.nodeCount : previous?.nodeCount;
      const owner = ownershipCondition(cluster, options.store.organizations, previous, at);
      await options.store.clusters.applyStatus(name, {
        ready: seen.ready,
        ...(version !== undefined ? { kubernetesVersion: version } : {}),
        ...(nodeCount !== undefined ? { nodeCount } : {}),
        lastProbeTime: at,
        conditions: [ready, owner],
      });
    } catch (error) {
      log.warn({ cluster: name, err: error }, 'could not write cluster status');
    }
  }

  const probeAll = async (): Promise<void> => {
    await Promise.all(options.store.clusters.list().map(probe));
  };
  const timer = setInterval(() => void probeAll(), intervalMs);
  timer.unref();
  // A new cluster is probed soon rather than on the next tick; the short wait lets registration
  // write the credentials Secret, which it can only do after the Cluster exists (owner uid).
  const pending = new Set<NodeJS.Timeout>();
  const unsubscribe = options.store.clusters.subscribe((type, cluster) => {
    if (type !== 'add') return;
    const soon = setTimeout(() => {
      pending.delete(soon);
      const current = options.store.clusters.get(cluster.metadata.name);
      if (current) void probe(current);
    }, newClusterDelayMs);
    soon.unref();
    pending.add(soon);
  });
  void probeAll();
  return {
    probeAll,
    stop() {
      clearInterval(timer);
      for (const soon of pending) clearTimeout(soon);
      unsubscribe();
    },
  };
}

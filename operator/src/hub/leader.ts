import { CoordinationV1Api, V1MicroTime } from '@kubernetes/client-node';
import type { KubeConfig, V1Lease } from '@kubernetes/client-node';
import type { Logger } from '../logger.js';
import { fieldManager } from './apply-options.js';
import { isConflict, isNotFound } from './hub-errors.js';

export interface LeaderElectionOptions {
  kubeConfig: KubeConfig;
  namespace: string;
  /** Unique per replica, e.g. the pod name. */
  identity: string;
  leaseName?: string;
  leaseDurationSeconds?: number;
  retryPeriodMs?: number;
  logger: Logger;
  onStartedLeading: () => void;
  /** Leadership lost (renewal failed past the lease duration); the process should exit. */
  onStoppedLeading: () => void;
  /** Local monotonic-enough clock; leadership is measured by it, never by the lease's times. */
  now?: () => number;
}

export interface LeaderElection {
  isLeader(): boolean;
  /**
   * Stops campaigning and, unless `release` is false, releases the lease if held so another
   * replica takes over at once.
   */
  stop(options?: { release?: boolean }): Promise<void>;
}

/**
 * Leader election on a coordination.k8s.io Lease, as client-go does it: the holder renews every
 * retry period; others take over once the lease record has not changed for a whole lease
 * duration by their own clock; a holder that cannot renew within the duration gives up.
 */
export function startLeaderElection(options: LeaderElectionOptions): LeaderElection {
  const api = options.kubeConfig.makeApiClient(CoordinationV1Api);
  const name = options.leaseName ?? 'nimbus-operator-leader';
  const namespace = options.namespace;
  const durationMs = (options.leaseDurationSeconds ?? 15) * 1000;
  const now = options.now ?? (() => performance.now());
  const log = options.logger.child({ lease: name, identity: options.identity });
  let leader = false;
  let lastRenewed = 0;
  let observed: { record: string; at: number } | undefined;
  let stopped = false;

  const spec = (lease: V1Lease | undefined, transitions: number) => ({
    holderIdentity: options.identity,
    leaseDurationSeconds: durationMs / 1000,
    acquireTime: leader ? lease?.spec?.acquireTime : new V1MicroTime(),
    renewTime: new V1MicroTime(),
    leaseTransitions: transitions,
  });

  async function tryAcquireOrRenew(): Promise<boolean> {
    let lease: V1Lease | undefined;
    try {
      lease = await api.readNamespacedLease({ name, namespace });
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
    if (!lease) {
      const body = { metadata: { name, namespace }, spec: spec(undefined, 0) };
      await api.createNamespacedLease({ namespace, body, fieldManager });
      return true;
    }
    const holder = lease.spec?.holderIdentity;
    const record = `${holder ?? ''}@${String(lease.spec?.renewTime ?? '')}`;
    if (observed?.record !== record) observed = { record, at: now() };
    const mine = holder === options.identity;
    if (!mine && holder && now() - observed.at < durationMs) return false;
    const transitions = (lease.spec?.leaseTransitions ?? 0) + (mine ? 0 : 1);
    const body = { ...lease, spec: { ...lease.spec, ...spec(lease, transitions) } };
    await api.replaceNamespacedLease({ name, namespace, body, fieldManager });
    return true;
  }

  async function tick(): Promise<void> {
    try {
      if (await tryAcquireOrRenew()) {
        lastRenewed = now();
        if (!leader) {
          leader = true;
          log.info('became leader');
          options.onStartedLeading();
        }
        return;
      }
    } catch (error) {
      if (!isConflict(error)) log.warn({ err: error }, 'leader election attempt failed');
    }
    if (leader && now() - lastRenewed > durationMs) {
      leader = false;
      log.error('lost leadership');
      options.onStoppedLeading();
    }
  }

  const retryMs = options.retryPeriodMs ?? 2_000;
  const loop = async (): Promise<void> => {
    while (!stopped) {
      await tick();
      await new Promise((resolve) => setTimeout(resolve, retryMs).unref());
    }
  };
  void loop();

  return {
    isLeader: () => leader,
    async stop({ release = true } = {}) {
      stopped = true;
      const wasLeader = leader;
      leader = false;
      if (!wasLeader || !release) return;
      try {
        const lease = await api.readNamespacedLease({ name, namespace });
        if (lease.spec?.holderIdentity !== options.identity) return;
        const body = {
          ...lease,
          spec: { ...lease.spec, holderIdentity: '', leaseDurationSeconds: 1 },
        };
        await api.replaceNamespacedLease({ name, namespace, body, fieldManager });
      } catch (error) {
        log.debug({ err: error }, 'could not release the lease');
      }
    },
  };
}

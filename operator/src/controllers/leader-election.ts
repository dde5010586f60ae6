import { CoordinationV1Api, V1MicroTime } from '@kubernetes/client-node';
import type { KubeConfig, V1Lease } from '@kubernetes/client-node';
import type { Clock } from '../core/clock.js';
import { realClock } from '../core/clock.js';
import { fieldManager } from '../hub/apply-options.js';
import { isNotFound } from '../hub/hub-errors.js';

/** The one Lease of the operator: its holder runs every controller and scheduled job. */
export const operatorLeaseName = 'nimbus-operator-leader';
export const defaultLeaseDurationMs = 15_000;

export interface LeaderElectorOptions {
  kubeConfig: KubeConfig;
  namespace: string;
  /** Unique per replica, e.g. the pod name. */
  identity: string;
  leaseName?: string;
  leaseDurationMs?: number;
  /** Leadership is measured by this clock, never by the times written in the Lease. */
  clock?: Clock;
}

/** The Lease side of leader election; the manager decides when to call it and what it means. */
export interface LeaderElector {
  readonly identity: string;
  readonly leaseName: string;
  readonly leaseDurationMs: number;
  /**
   * One attempt, as client-go makes it: create the Lease, renew it if ours, or take it once its
   * record has not changed for a whole lease duration by our clock (or its holder released it).
   * True when we hold it now. Throws when the hub cannot be reached; 409 means another replica
   * wrote first.
   */
  tryAcquireOrRenew(): Promise<boolean>;
  /** Gives the Lease up if we hold it, so another replica takes over at once. */
  release(): Promise<void>;
}

export function createLeaderElector(options: LeaderElectorOptions): LeaderElector {
  const api = options.kubeConfig.makeApiClient(CoordinationV1Api);
  const name = options.leaseName ?? operatorLeaseName;
  const { namespace, identity } = options;
  const durationMs = options.leaseDurationMs ?? defaultLeaseDurationMs;
  const clock = options.clock ?? realClock;
  let observed: { record: string; at: number } | undefined;
  let holding = false;

  const spec = (lease: V1Lease | undefined, transitions: number) => ({
    holderIdentity: identity,
    leaseDurationSeconds: Math.ceil(durationMs / 1000),
    acquireTime: holding && lease?.spec?.acquireTime ? lease.spec.acquireTime : new V1MicroTime(),
    renewTime: new V1MicroTime(),
    leaseTransitions: transitions,
  });

  async function read(): Promise<V1Lease | undefined> {
    try {
      return await api.readNamespacedLease({ name, namespace });
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  return {
    identity,
    leaseName: name,
    leaseDurationMs: durationMs,
    async tryAcquireOrRenew() {
      const lease = await read();
      if (!lease) {
        const body = { metadata: { name, namespace }, spec: spec(undefined, 0) };
        await api.createNamespacedLease({ namespace, body, fieldManager });
        holding = true;
        return true;
      }
      const holder = lease.spec?.holderIdentity;
      // Every write changes resourceVersion, even two renewals within one millisecond.
      const record = `${holder ?? ''}@${lease.metadata?.resourceVersion ?? ''}`;
      if (observed?.record !== record) observed = { record, at: clock.now() };
      const mine = holder === identity;
      holding = holding && mine;
      if (!mine && holder && clock.now() - observed.at < durationMs) return false;
      const transitions = (lease.spec?.leaseTransitions ?? 0) + (mine ? 0 : 1);
      const body = { ...lease, spec: { ...lease.spec, ...spec(lease, transitions) } };
      await api.replaceNamespacedLease({ name, namespace, body, fieldManager });
      holding = true;
      return true;
    },
    async release() {
      if (!holding) return;
      holding = false;
      const lease = await read();
      if (lease?.spec?.holderIdentity !== identity) return;
      const body = {
        ...lease,
        spec: { ...lease.spec, holderIdentity: '', leaseDurationSeconds: 1 },
      };
      await api.replaceNamespacedLease({ name, namespace, body, fieldManager });
    },
  };
}

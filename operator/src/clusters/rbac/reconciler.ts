import type { ControllerFactory } from '../../controllers/controller.js';
import { watch, watchSpec } from '../../controllers/controller.js';
import type { EventIntent, EventRecorder } from '../../controllers/events.js';
import { referenceTo } from '../../controllers/status.js';
import type { Clock } from '../../core/clock.js';
import { ApiError } from '../../core/errors.js';
import type { ClusterObject, HubStore } from '../../hub/store.js';
import { organizationOf } from '../../access/org-scope.js';
import type { Logger } from '../../logger.js';
import { deadlineSignal } from '../../member/transport/clock.js';
import { credentialsUpdatedAnnotation } from '../cluster-view.js';
import type { ClusterConnector } from '../connector.js';
import { MemberCallError } from '../member-client.js';
import { desiredMemberRbac } from './desired-state.js';
import type { ClaimBoard } from './member-claims.js';
import { decideClaims } from './member-claims.js';
import { removeRegistrationObjects } from './member-cleanup.js';
import { desiredMonitorAccess, projectMonitorAccess } from './monitor-rbac.js';
import type { MemberRbacApi } from './member-rbac-api.js';
import { MemberRbacError, memberRbacApi } from './member-rbac-api.js';
import { changeCount, plan } from './plan.js';

export const defaultRbacResyncMs = 60_000;
export const defaultRbacDebounceMs = 500;
export const defaultRbacTimeoutMs = 5_000;
/**
 * While changes keep coming, a pass starts no sooner than this many times the last pass's length
 * after it ended, and never later than `maxBurstGapMs`: one change after a quiet spell is
 * projected within the debounce, and a burst leaves most of the cores to the hub and members.
 * Passes ran back to back while 11,000 IAM objects were applied, each listing and rewriting
 * bindings of thousands of subjects (docs/performance.md "Ten times that").
 */
export const burstGapFactor = 3;
export const maxBurstGapMs = 2_000;
/** Whole-member budget: a slow member gives up rather than pile up behind the next run. */
const memberBudgetCalls = 6;
const parallelWrites = 8;
/** The one key: every registration is projected from the same hub objects, in one pass. */
export const rbacKey = 'members';

export interface MemberRbacOptions {
  store: Pick<HubStore, 'users' | 'userGroups' | 'roles' | 'clusters' | 'organizations'>;
  connector: ClusterConnector;
  resyncIntervalMs?: number;
  /** Changes arriving within this time are projected together. */
  debounceMs?: number;
  /** Deadline of each member call. */
  timeoutMs?: number;
  /** Where two registrations of one member are reported (the health controller writes it). */
  claims?: ClaimBoard;
}

async function inBatches<T>(items: readonly T[], work: (item: T) => Promise<void>) {
  const failures: unknown[] = [];
  for (let i = 0; i < items.length; i += parallelWrites) {
    const results = await Promise.allSettled(items.slice(i, i + parallelWrites).map(work));
    for (const r of results) if (r.status === 'rejected') failures.push(r.reason);
  }
  return failures;
}

// Only messages we wrote ourselves reach an Event; anything else may quote internals.
function safeMessage(error: unknown): string {
  if (error instanceof MemberRbacError || error instanceof MemberCallError) return error.message;
  if (error instanceof ApiError) return error.message;
  return 'the member call failed';
}

interface Reached {
  cluster: ClusterObject;
  api: MemberRbacApi;
  /** The kube-system namespace uid the member answered (undefined: it did not say). */
  memberId: string | undefined;
  operator: string | undefined;
  release: () => void;
}

interface Pass {
  store: MemberRbacOptions['store'];
  events: EventRecorder;
  log: Logger;
  claims: ClaimBoard | undefined;
}

const failed = (error: unknown): EventIntent => ({
  type: 'Warning',
  reason: 'RbacProjectionFailed',
  note: `member RBAC not projected: ${safeMessage(error)}`,
  action: 'ProjectRbac',
});

/** The Cluster is no longer the one being projected: deleted, Terminating, or re-created. */
function gone(store: MemberRbacOptions['store'], cluster: ClusterObject): boolean {
  const current = store.clusters.get(cluster.metadata.name);
  return current?.metadata.uid !== cluster.metadata.uid || !!current.metadata.deletionTimestamp;
}

// One registration, with its own credentials, writing and pruning only its own objects: another
// registration of the same member (in any organization) is never read, merged or deleted.
// Revocations go first, so a failed apply never leaves more access than intended.
async function projectRegistration(pass: Pass, reached: Reached): Promise<void> {
  const { store } = pass;
  const { cluster, api } = reached;
  const name = cluster.metadata.name;
  const tell = (event: EventIntent) => pass.events.record(referenceTo('Cluster', cluster), event);
  try {
    const [roles, bindings] = await Promise.all([
      api.list('clusterroles'),
      api.list('clusterrolebindings'),
    ]);
    const inputs = {
      users: store.users.list(),
      groups: store.userGroups.list(),
      roles: store.roles.list(),
      organizations: store.organizations,
    };
    const desired = desiredMemberRbac(inputs, cluster, reached.operator);
    const steps = plan(desired, cluster.metadata.uid, roles, bindings);
    const failures = [
      ...(await inBatches(steps.revoke, ([plural, n]) => api.remove(plural, n))),
      ...(await inBatches(steps.narrow, (b) => api.apply('clusterrolebindings', b))),
      ...(await inBatches(steps.roles, (r) => api.apply('clusterroles', r))),
      ...(await inBatches(steps.bindings, (b) => api.apply('clusterrolebindings', b))),
      ...(await inBatches(steps.cleanup, ([plural, n]) => api.remove(plural, n))),
    ];
    // Deleted while this pass wrote: its finalizer may have cleaned up already, so undo ours.
    if (gone(store, cluster)) {
      await removeRegistrationObjects(api, cluster.metadata.uid);
      return;
    }
    const monitorChanges = await projectMonitorAccess(
      api,
      cluster.metadata.uid,
      desiredMonitorAccess(inputs, cluster),
    ).catch((error: unknown) => {
      failures.push(error);
      return 0;
    });
    if (failures.length > 0) throw failures[0];
    const changes = changeCount(steps) + monitorChanges;
    if (changes > 0) {
      pass.log.info({ cluster: name, changes }, 'member RBAC updated');
      const note = `member RBAC projected: ${changes} roles and role bindings written or removed`;
      tell({ type: 'Normal', reason: 'RbacProjected', note, action: 'ProjectRbac' });
    }
  } catch (error) {
    pass.log.warn({ cluster: name, err: error }, 'member RBAC not reconciled');
    tell(failed(error));
  }
}

/** Each reached Cluster's MemberClaim condition (for the health controller) and Warnings. */
function reportClaims(pass: Pass, reached: readonly Reached[]): void {
  const decisions = decideClaims(
    reached.flatMap(({ cluster, memberId }) => (memberId ? [{ cluster, memberId }] : [])),
  );
  for (const { cluster } of reached) {
    const decision = decisions.get(cluster.metadata.uid);
    if (!decision || gone(pass.store, cluster)) continue;
    pass.claims?.set(cluster.metadata.uid, decision.condition);
    for (const event of decision.events) {
      pass.events.record(referenceTo('Cluster', cluster), event);
    }
  }
}

/**
 * Projects each user's effective console access into RBAC objects in every ready member, per
 * registration and as that registration's credentials: observed (hub objects, the member's own
 * objects) → desired (desired-state.ts) → the plan's writes; two registrations of one member are
 * reported (member-claims.ts). Runs on the controller runtime, so only on the Lease holder.
 */
export function memberRbacController(options: MemberRbacOptions): ControllerFactory {
  const { store, connector } = options;
  const timeoutMs = options.timeoutMs ?? defaultRbacTimeoutMs;
  const debounceMs = options.debounceMs ?? defaultRbacDebounceMs;
  const resyncMs = options.resyncIntervalMs ?? defaultRbacResyncMs;

  return ({ clock, events, logger }) => {
    const log = logger.child({ controller: 'member-rbac' });
    /** Per Cluster and credentials: which member it is and who the operator is there. */
    const identities = new Map<string, Pick<Reached, 'memberId' | 'operator'>>();
    const identityKey = ({ metadata }: ClusterObject) =>
      `${metadata.uid}/${metadata.generation ?? 0}/${metadata.annotations?.[credentialsUpdatedAnnotation] ?? ''}`;
    const pass: Pass = { store, events, log, claims: options.claims };
    let lastPass = { endedAt: Number.NEGATIVE_INFINITY, tookMs: 0 };

    async function reach(cluster: ClusterObject, now: Clock): Promise<Reached | undefined> {
      const budget = deadlineSignal(now, timeoutMs * memberBudgetCalls);
      try {
        const member = await connector.for(cluster, 'operator', { timeoutMs });
        const api = memberRbacApi(member, { timeoutMs, signal: budget.signal });
        let known = identities.get(identityKey(cluster));
        if (!known) {
          const unknown = (what: string) => (error: unknown) => {
            log.warn({ cluster: cluster.metadata.name, err: error }, `${what} unknown`);
            return undefined;
          };
          // Neither is needed to project: the member id only reports a second registration.
          const [memberId, operator] = await Promise.all([
            api.memberId().catch(unknown('member id')),
            api.whoAmI().catch(unknown('operator identity')),
          ]);
          known = { memberId, operator };
          if (memberId !== undefined && operator !== undefined) {
            identities.set(identityKey(cluster), known);
          }
        }
        return { cluster, api, ...known, release: budget.release };
      } catch (error) {
        budget.release();
        log.warn({ cluster: cluster.metadata.name, err: error }, 'member RBAC not reconciled');
        events.record(referenceTo('Cluster', cluster), failed(error));
        return undefined;
      }
    }

    // Health probes rewrite every Cluster's status often; only readiness or owner changes count.
    const lastReady = new Map<string, string>();
    const soon = [{ key: rbacKey, afterMs: debounceMs }];
    return {
      name: 'member-rbac',
      resyncMs,
      watches: [
        watchSpec(store.users, () => soon),
        watchSpec(store.userGroups, () => soon),
        watchSpec(store.roles, () => soon),
        watch(store.clusters, (type, cluster) => {
          // Which organization owns a cluster decides which bindings apply there, so it counts too;
          // so does its Prometheus Service, which monitoring:view is granted on.
          const prometheus = cluster.spec.monitors?.find((m) => m.type === 'Prometheus');
          const ready = `${type !== 'delete' && cluster.status?.ready === true}/${organizationOf(cluster, store.organizations) ?? ''}/${JSON.stringify(prometheus ?? null)}`;
          if (type === 'delete') {
            identities.delete(identityKey(cluster));
            options.claims?.forget(cluster.metadata.uid);
          }
          if (lastReady.get(cluster.metadata.name) === ready && type === 'update') return [];
          lastReady.set(cluster.metadata.name, ready);
          return soon;
        }),
      ],
      keys: () => [rbacKey],
      async reconcile() {
        const gapMs = Math.min(maxBurstGapMs, burstGapFactor * lastPass.tookMs);
        const waitMs = lastPass.endedAt + gapMs - clock.now();
        if (waitMs > 0) return { requeueAfterMs: waitMs };
        const startedAt = clock.now();
        try {
          await projectAll();
        } finally {
          lastPass = { endedAt: clock.now(), tookMs: clock.now() - startedAt };
        }
        return undefined;
      },
    };

    async function projectAll(): Promise<void> {
      const ready = store.clusters.list(
        (c) => c.status?.ready === true && c.metadata.deletionTimestamp === undefined,
      );
      const reached = (await Promise.all(ready.map((c) => reach(c, clock)))).flatMap(
        (r) => r ?? [],
      );
      try {
        await Promise.all(reached.map((r) => projectRegistration(pass, r)));
        reportClaims(pass, reached);
      } finally {
        reached.forEach((r) => r.release());
      }
    }
  };
}

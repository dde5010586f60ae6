import type { ControllerFactory } from '../../controllers/controller.js';
import { watch, watchSpec } from '../../controllers/controller.js';
import type { EventIntent, EventRecorder } from '../../controllers/events.js';
import { referenceTo } from '../../controllers/status.js';
import type { Clock } from '../../core/clock.js';
import { ApiError } from '../../core/errors.js';
import type { ClusterObject, HubStore } from '../../hub/store.js';
import { organizationOf } from '../../iam/org-scope.js';
import type { Logger } from '../../logger.js';
import { deadlineSignal } from '../../member/transport/clock.js';
import type { ClusterConnector } from '../connector.js';
import { MemberCallError } from '../member-client.js';
import { desiredMemberRbac } from './desired-state.js';
import type { MemberRbacApi } from './member-rbac-api.js';
import { MemberRbacError, memberRbacApi } from './member-rbac-api.js';
import { changeCount, plan } from './plan.js';

export const defaultRbacResyncMs = 60_000;
export const defaultRbacDebounceMs = 500;
export const defaultRbacTimeoutMs = 5_000;
/** Whole-member budget: a slow member gives up rather than pile up behind the next run. */
const memberBudgetCalls = 6;
const parallelWrites = 8;
/** The one key: every member is projected from the same hub objects, in one pass. */
export const rbacKey = 'members';

export interface MemberRbacOptions {
  store: Pick<HubStore, 'users' | 'userGroups' | 'roles' | 'clusters' | 'organizations'>;
  connector: ClusterConnector;
  resyncIntervalMs?: number;
  /** Changes arriving within this time are projected together. */
  debounceMs?: number;
  /** Deadline of each member call. */
  timeoutMs?: number;
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
  memberId: string;
  operator: string | undefined;
  release: () => void;
}

interface Pass {
  store: MemberRbacOptions['store'];
  events: EventRecorder;
  log: Logger;
}

const failed = (error: unknown): EventIntent => ({
  type: 'Warning',
  reason: 'RbacProjectionFailed',
  note: `member RBAC not projected: ${safeMessage(error)}`,
  action: 'ProjectRbac',
});

// Several Clusters may be the same member (registered twice): it gets the union, written once.
// Revocations go first, so a failed apply never leaves more access than intended.
async function projectMember(pass: Pass, clusters: Reached[]): Promise<void> {
  const first = clusters[0];
  if (!first) return;
  const { store } = pass;
  const names = clusters.map((c) => c.cluster.metadata.name);
  const tell = (event: EventIntent) =>
    clusters.forEach((c) => pass.events.record(referenceTo('Cluster', c.cluster), event));
  try {
    const { api } = first;
    const [roles, bindings] = await Promise.all([
      api.list('clusterroles'),
      api.list('clusterrolebindings'),
    ]);
    const inputs = {
      users: store.users.list(),
      groups: store.userGroups.list(),
      roles: store.roles.list(),
      clusters: store.clusters.list(),
      organizations: store.organizations,
    };
    const steps = plan(desiredMemberRbac(inputs, names, first.operator), roles, bindings);
    const failures = [
      ...(await inBatches(steps.revoke, ([plural, n]) => api.remove(plural, n))),
      ...(await inBatches(steps.roles, (r) => api.apply('clusterroles', r))),
      ...(await inBatches(steps.bindings, (b) => api.apply('clusterrolebindings', b))),
      ...(await inBatches(steps.cleanup, ([plural, n]) => api.remove(plural, n))),
    ];
    if (failures.length > 0) throw failures[0];
    const changes = changeCount(steps);
    if (changes > 0) {
      pass.log.info({ clusters: names, changes }, 'member RBAC updated');
      const note = `member RBAC projected: ${changes} ClusterRoles and ClusterRoleBindings written or removed`;
      tell({ type: 'Normal', reason: 'RbacProjected', note, action: 'ProjectRbac' });
    }
  } catch (error) {
    pass.log.warn({ clusters: names, err: error }, 'member RBAC not reconciled');
    tell(failed(error));
  }
}

/**
 * Projects each user's effective console role into RBAC objects in every ready member, as the
 * operator: observed (hub objects, the member's own objects) → desired (desired-state.ts) → the
 * plan's writes. Runs on the controller runtime, so only on the Lease holder.
 */
export function memberRbacController(options: MemberRbacOptions): ControllerFactory {
  const { store, connector } = options;
  const timeoutMs = options.timeoutMs ?? defaultRbacTimeoutMs;
  const debounceMs = options.debounceMs ?? defaultRbacDebounceMs;
  const resyncMs = options.resyncIntervalMs ?? defaultRbacResyncMs;

  return ({ clock, events, logger }) => {
    const log = logger.child({ controller: 'member-rbac' });
    /** Per Cluster uid: which member it is and who the operator is there; stable per credentials. */
    const identities = new Map<string, { memberId: string; operator: string | undefined }>();
    const pass: Pass = { store, events, log };

    async function reach(cluster: ClusterObject, now: Clock): Promise<Reached | undefined> {
      const budget = deadlineSignal(now, timeoutMs * memberBudgetCalls);
      try {
        const member = await connector.forCluster(cluster, timeoutMs);
        const api = memberRbacApi(member.asOperator(), { timeoutMs, signal: budget.signal });
        let known = identities.get(cluster.metadata.uid);
        if (!known) {
          const [memberId, operator] = await Promise.all([
            api.memberId(),
            api.whoAmI().catch((error: unknown) => {
              log.warn({ cluster: cluster.metadata.name, err: error }, 'operator identity unknown');
              return undefined;
            }),
          ]);
          known = { memberId, operator };
          if (operator !== undefined) identities.set(cluster.metadata.uid, known);
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
          // Which organization owns a cluster decides which bindings apply there, so it counts too.
          const ready = `${type !== 'delete' && cluster.status?.ready === true}/${organizationOf(cluster, store.organizations) ?? ''}`;
          if (type === 'delete') identities.delete(cluster.metadata.uid);
          if (lastReady.get(cluster.metadata.name) === ready && type === 'update') return [];
          lastReady.set(cluster.metadata.name, ready);
          return soon;
        }),
      ],
      keys: () => [rbacKey],
      async reconcile() {
        const ready = store.clusters.list(
          (c) => c.status?.ready === true && c.metadata.deletionTimestamp === undefined,
        );
        const reached = (await Promise.all(ready.map((c) => reach(c, clock)))).flatMap(
          (r) => r ?? [],
        );
        const members = new Map<string, Reached[]>();
        for (const r of reached) members.set(r.memberId, [...(members.get(r.memberId) ?? []), r]);
        try {
          await Promise.all([...members.values()].map((group) => projectMember(pass, group)));
        } finally {
          reached.forEach((r) => r.release());
        }
        return undefined;
      },
    };
  };
}

import { isDeepStrictEqual } from 'node:util';
import type { ClusterObject, HubStore } from '../../hub/store.js';
import { organizationOf } from '../../iam/org-scope.js';
import type { Logger } from '../../logger.js';
import type { ClusterConnector } from '../connector.js';
import type { MemberRbac } from './desired-state.js';
import { desiredMemberRbac, managedNamePrefix } from './desired-state.js';
import type { ExistingRbacObject, MemberRbacApi, RbacPlural } from './member-rbac-api.js';
import { memberRbacApi } from './member-rbac-api.js';

export const defaultRbacResyncMs = 60_000;
export const defaultRbacDebounceMs = 500;
export const defaultRbacTimeoutMs = 5_000;
/** Whole-member budget: a slow member gives up rather than pile up behind the next run. */
const memberBudgetCalls = 6;
const parallelWrites = 8;

export interface MemberRbacOptions {
  store: Pick<HubStore, 'users' | 'userGroups' | 'roles' | 'clusters' | 'organizations'>;
  connector: ClusterConnector;
  logger: Logger;
  resyncIntervalMs?: number;
  debounceMs?: number;
  /** Deadline of each member call. */
  timeoutMs?: number;
}

export interface MemberRbacReconciler {
  /** Reconciles every ready cluster once; a run already going is followed by one more. */
  reconcileAll(): Promise<void>;
  stop(): void;
}

async function inBatches<T>(items: readonly T[], work: (item: T) => Promise<void>) {
  const failures: unknown[] = [];
  for (let i = 0; i < items.length; i += parallelWrites) {
    const results = await Promise.allSettled(items.slice(i, i + parallelWrites).map(work));
    for (const r of results) if (r.status === 'rejected') failures.push(r.reason);
  }
  return failures;
}

// The API server returns `rules: null` for an empty list and may order keys differently.
const normalized = (value: unknown): unknown => JSON.parse(JSON.stringify(value ?? [])) as unknown;
function unchanged(existing: ExistingRbacObject | undefined, desired: object): boolean {
  if (!existing) return false;
  const fields = ['rules', 'roleRef', 'subjects'] as const;
  return fields.every(
    (field) =>
      !(field in desired) ||
      isDeepStrictEqual(
        normalized(existing[field]),
        normalized((desired as Record<string, unknown>)[field]),
      ),
  );
}

interface Reached {
  cluster: string;
  api: MemberRbacApi;
  memberId: string;
  operator: string | undefined;
}

interface Plan {
  revoke: Array<[RbacPlural, string]>;
  roles: MemberRbac['clusterRoles'];
  bindings: MemberRbac['clusterRoleBindings'];
  cleanup: Array<[RbacPlural, string]>;
}

function plan(
  desired: MemberRbac,
  roles: ExistingRbacObject[],
  bindings: ExistingRbacObject[],
): Plan {
  const stale = (existing: ExistingRbacObject[], wanted: Array<{ metadata: { name: string } }>) => {
    const names = new Set(wanted.map((o) => o.metadata.name));
    return existing
      .map((o) => o.metadata.name)
      .filter((name) => name.startsWith(managedNamePrefix) && !names.has(name));
  };
  const byName = (list: ExistingRbacObject[]) => new Map(list.map((o) => [o.metadata.name, o]));
  const roleByName = byName(roles);
  const bindingByName = byName(bindings);
  return {
    revoke: stale(bindings, desired.clusterRoleBindings).map((n) => ['clusterrolebindings', n]),
    roles: desired.clusterRoles.filter((r) => !unchanged(roleByName.get(r.metadata.name), r)),
    bindings: desired.clusterRoleBindings.filter(
      (b) => !unchanged(bindingByName.get(b.metadata.name), b),
    ),
    cleanup: stale(roles, desired.clusterRoles).map((n) => ['clusterroles', n]),
  };
}

/**
 * Projects each user's effective console role into RBAC objects in every ready member, as the
 * operator. Revocations go first, so a failed apply never leaves more access than intended.
 */
export function startMemberRbac(options: MemberRbacOptions): MemberRbacReconciler {
  const { store, connector } = options;
  const timeoutMs = options.timeoutMs ?? defaultRbacTimeoutMs;
  const debounceMs = options.debounceMs ?? defaultRbacDebounceMs;
  const log = options.logger.child({ component: 'member-rbac' });
  /** Per Cluster uid: which member it is and who the operator is there; stable per credentials. */
  const identities = new Map<string, { memberId: string; operator: string | undefined }>();
  let stopped = false;

  async function reach(cluster: ClusterObject): Promise<Reached | undefined> {
    const name = cluster.metadata.name;
    const signal = AbortSignal.timeout(timeoutMs * memberBudgetCalls);
    try {
      const member = await connector.forCluster(cluster, timeoutMs);
      const api = memberRbacApi(member.asOperator(), { timeoutMs, signal });
      let known = identities.get(cluster.metadata.uid);
      if (!known) {
        const [memberId, operator] = await Promise.all([
          api.memberId(),
          api.whoAmI().catch((error: unknown) => {
            log.warn({ cluster: name, err: error }, 'operator identity unknown');
            return undefined;
          }),
        ]);
        known = { memberId, operator };
        if (operator !== undefined) identities.set(cluster.metadata.uid, known);
      }
      return { cluster: name, api, ...known };
    } catch (error) {
      log.warn({ cluster: name, err: error }, 'member RBAC not reconciled');
      return undefined;
    }
  }

  // Several Clusters may be the same member (registered twice): it gets the union, written once.
  async function reconcileMember(clusters: Reached[]): Promise<void> {
    const first = clusters[0];
    if (!first) return;
    const names = clusters.map((c) => c.cluster);
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
      const changes =
        steps.revoke.length + steps.roles.length + steps.bindings.length + steps.cleanup.length;
      if (changes > 0) log.info({ clusters: names, changes }, 'member RBAC updated');
    } catch (error) {
      log.warn({ clusters: names, err: error }, 'member RBAC not reconciled');
    }
  }

  async function reconcileReady(): Promise<void> {
    const ready = store.clusters.list(
      (c) => c.status?.ready === true && c.metadata.deletionTimestamp === undefined,
    );
    const members = new Map<string, Reached[]>();
    for (const reached of await Promise.all(ready.map(reach))) {
      if (reached)
        members.set(reached.memberId, [...(members.get(reached.memberId) ?? []), reached]);
    }
    await Promise.all([...members.values()].map(reconcileMember));
  }

  let running: Promise<void> | undefined;
  let dirty = false;
  async function loop(): Promise<void> {
    do {
      dirty = false;
      await reconcileReady();
    } while (dirty && !stopped);
  }
  const reconcileAll = (): Promise<void> => {
    if (running) {
      dirty = true;
      return running;
    }
    running = loop().finally(() => (running = undefined));
    return running;
  };

  let debounce: NodeJS.Timeout | undefined;
  const schedule = (): void => {
    if (stopped) return;
    clearTimeout(debounce);
    debounce = setTimeout(() => void reconcileAll(), debounceMs);
    debounce.unref();
  };
  // Health probes rewrite every Cluster's status often; only a change of readiness matters here.
  const lastReady = new Map<string, string>();
  const unsubscribers = [
    store.users.subscribe(schedule),
    store.userGroups.subscribe(schedule),
    store.roles.subscribe(schedule),
    store.clusters.subscribe((type, cluster) => {
      // Which organization owns a cluster decides which bindings apply there, so it counts too.
      const ready = `${type !== 'delete' && cluster.status?.ready === true}/${organizationOf(cluster, store.organizations) ?? ''}`;
      if (type === 'delete') identities.delete(cluster.metadata.uid);
      if (lastReady.get(cluster.metadata.name) === ready && type === 'update') return;
      lastReady.set(cluster.metadata.name, ready);
      schedule();
    }),
  ];
  const timer = setInterval(
    () => void reconcileAll(),
    options.resyncIntervalMs ?? defaultRbacResyncMs,
  );
  timer.unref();
  schedule();
  return {
    reconcileAll,
    stop() {
      stopped = true;
      clearInterval(timer);
      clearTimeout(debounce);
      for (const unsubscribe of unsubscribers) unsubscribe();
    },
  };
}

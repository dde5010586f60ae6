import type { HubStore, UserObject } from '../../hub/store.js';
import type { PasswordHasher } from '../../identity/passwords.js';
import type { Logger } from '../../logger.js';
import { organizationsOf } from '../directory.js';
import { reconcileOrganizationLifecycle } from '../org-lifecycle.js';
import type { OrganizationOwned } from '../org-scope.js';
import { namedOrganization, organizationOf } from '../org-scope.js';
import type { Condition, DesiredCondition, Verdict } from './conditions.js';
import { condition, conditionsDiffer, fine, mergeConditions } from './conditions.js';
import { ensureInitialPassword, missingSecretRetryMs } from './initial-password.js';
import type { ReconcileResult } from './queue.js';
import { WorkQueue } from './queue.js';
import { credentialsRefProblem, initialPasswordRefProblem } from './secret-refs.js';
import { validateOrganization, validateRole, validateUser, validateUserGroup } from './validate.js';

export interface IamControllerDeps {
  store: HubStore;
  hasher: Pick<PasswordHasher, 'hash'>;
  logger: Logger;
  resyncMs?: number;
  now?: () => Date;
  /** Name of the Secret holding the session signing key, which no User may point at. */
  sessionKeySecret?: string | undefined;
}

export interface IamController {
  stop(): void;
  /** Resolves when every queued reconcile has run (for tests and shutdown). */
  idle(): Promise<void>;
}

type KindKey = 'Organization' | 'User' | 'UserGroup' | 'Role';
const kinds: KindKey[] = ['Organization', 'User', 'UserGroup', 'Role'];

/**
 * Reconciles the IAM kinds however they were written (console or kubectl): references are
 * checked and the verdict goes to status conditions Valid and Ready; a User naming an initial
 * password Secret gets its password. Runs only on the leader.
 */
export function startIamController(deps: IamControllerDeps): IamController {
  const { store, logger } = deps;
  const log = logger.child({ controller: 'iam' });
  const now = deps.now ?? (() => new Date());
  const stores = {
    Organization: store.organizations,
    User: store.users,
    UserGroup: store.userGroups,
    Role: store.roles,
  } as const;

  async function writeStatus(
    kind: KindKey,
    name: string,
    current: readonly Condition[],
    desired: DesiredCondition[],
  ): Promise<void> {
    const next = mergeConditions(current, desired, now());
    if (!conditionsDiffer(current, next)) return;
    await stores[kind].applyStatus(name, { conditions: next });
    log.debug({ kind, name, conditions: desired.map((c) => `${c.type}=${c.status}`) }, 'status');
  }

  interface Observed {
    generation: number | undefined;
    conditions: readonly Condition[];
    valid: Verdict;
    ready?: Verdict | undefined;
  }

  const observe = (o: {
    metadata: { generation?: number };
    status?: { conditions?: Condition[] };
  }) => ({
    generation: o.metadata.generation,
    conditions: o.status?.conditions ?? [],
  });

  async function observeKey(kind: KindKey, name: string): Promise<Observed | undefined> {
    switch (kind) {
      case 'Organization': {
        const org = store.organizations.get(name);
        const lifecycle = org && (await reconcileOrganizationLifecycle(store, org));
        if (!org || lifecycle === 'gone') return undefined;
        return { ...observe(org), valid: validateOrganization(store, org), ready: lifecycle };
      }
      case 'UserGroup': {
        const group = store.userGroups.get(name);
        return group && { ...observe(group), valid: validateUserGroup(store, group) };
      }
      case 'Role': {
        const role = store.roles.get(name);
        return role && { ...observe(role), valid: validateRole(store, role) };
      }
      case 'User': {
        const user = store.users.get(name);
        if (!user) return undefined;
        const valid = userSecretRefs(user) ?? validateUser(store, user, store.namespace);
        const ready = valid.ok
          ? await ensureInitialPassword(store, deps.hasher, user, deps.sessionKeySecret)
          : undefined;
        return { ...observe(user), valid, ready };
      }
    }
  }

  const userSecretRefs = (user: UserObject) =>
    credentialsRefProblem(user, store.namespace) ??
    initialPasswordRefProblem(store, user, deps.sessionKeySecret);

  async function reconcile(key: string): Promise<ReconcileResult> {
    const [kind, name = ''] = key.split('/') as [KindKey, string];
    const observed = await observeKey(kind, name);
    if (!observed) return undefined;
    const { valid, generation } = observed;
    const ready = !valid.ok
      ? { ...valid, message: `not valid: ${valid.message}` }
      : (observed.ready ?? fine('Reconciled', 'references resolved'));
    await writeStatus(kind, name, observed.conditions, [
      condition('Valid', valid, generation),
      condition('Ready', ready, generation),
    ]);
    return ready.reason === 'PasswordSecretNotFound'
      ? { requeueAfterMs: missingSecretRetryMs }
      : undefined;
  }

  const queue = new WorkQueue(reconcile, {
    onError: (key, error, retryInMs) =>
      log.warn({ key, err: error, retryInMs }, 'reconcile failed'),
  });
  const enqueue = (kind: KindKey, name: string) => queue.add(`${kind}/${name}`);
  /** Users and groups with a cluster binding that `matches`: their validity may have changed. */
  const enqueueBindersOf = (matches: (binding: { cluster: string; role: string }) => boolean) => {
    const binds = (list?: ReadonlyArray<{ cluster: string; role: string }>) =>
      (list ?? []).some(matches);
    store.users
      .list((u) => binds(u.spec.clusterPermissions))
      .forEach((u) => enqueue('User', u.metadata.name));
    store.userGroups
      .list((g) => binds(g.spec.clusterPermissions))
      .forEach((g) => enqueue('UserGroup', g.metadata.name));
  };
  const enqueueAll = () => {
    for (const kind of kinds) for (const o of stores[kind].list()) enqueue(kind, o.metadata.name);
  };

  const clusterOwners = new Map<string, string>();
  const unsubscribe = [
    store.organizations.subscribe((_type, org) => {
      const name = org.metadata.name;
      enqueue('Organization', name);
      store.users
        .list((u) => organizationsOf(u).includes(name))
        .forEach((u) => enqueue('User', u.metadata.name));
      store.userGroups
        .list((g) => g.spec.organization === name)
        .forEach((g) => enqueue('UserGroup', g.metadata.name));
      store.roles
        .list((r) => r.spec.organization === name)
        .forEach((r) => enqueue('Role', r.metadata.name));
    }),
    store.roles.subscribe((_type, role) => {
      enqueue('Role', role.metadata.name);
      enqueueBindersOf((b) => b.role === role.metadata.name);
    }),
    store.users.subscribe((_type, user) => {
      const name = user.metadata.name;
      enqueue('User', name);
      store.userGroups
        .list((g) => (g.spec.members ?? []).includes(name))
        .forEach((g) => enqueue('UserGroup', g.metadata.name));
    }),
    store.userGroups.subscribe((_type, group) => enqueue('UserGroup', group.metadata.name)),
    // Clusters and registries hold an organization's deletion and get its uid stamped.
    ...[store.clusters, store.registries].map((kind) =>
      kind.subscribe((_type, object: OrganizationOwned) => {
        const org = namedOrganization(object);
        if (org) enqueue('Organization', org);
      }),
    ),
    // A cluster's organization decides which of the bindings naming it are valid; health
    // probes rewrite its status often, so only a new owner (or a new cluster) re-validates.
    store.clusters.subscribe((type, cluster) => {
      const name = cluster.metadata.name;
      const owner =
        type === 'delete' ? undefined : (organizationOf(cluster, store.organizations) ?? '');
      if (type === 'update' && clusterOwners.get(name) === owner) return;
      if (owner === undefined) clusterOwners.delete(name);
      else clusterOwners.set(name, owner);
      enqueueBindersOf((b) => b.cluster === name);
    }),
  ];
  enqueueAll();
  const resync = setInterval(enqueueAll, deps.resyncMs ?? 10 * 60_000);
  resync.unref();
  log.info('IAM controller started');

  return {
    stop() {
      clearInterval(resync);
      unsubscribe.forEach((off) => off());
      queue.stop();
    },
    idle: () => queue.idle(),
  };
}

import type { ControllerFactory, Watch } from '../../controllers/controller.js';
import { watchSpec } from '../../controllers/controller.js';
import { watchClusterOwners } from '../cluster-owner-watch.js';
import type { Condition } from '../../controllers/conditions.js';
import type { Observed } from '../../controllers/status.js';
import { applyDecision } from '../../controllers/status.js';
import { statusPace } from '../../controllers/status-pace.js';
import type { HubStore, UserObject } from '../../hub/store.js';
import { credentialsSecretName } from '../../identity/credentials.js';
import type { PasswordHasher } from '../../identity/passwords.js';
import { organizationsOf } from '../../hub/directory.js';
import { reconcileOrganizationLifecycle } from '../org-lifecycle.js';
import type { OrganizationOwned } from '../../access/org-scope.js';
import { namedOrganization } from '../../access/org-scope.js';
import type { IamObservation } from './decide.js';
import { decideIam } from './decide.js';
import { ensureInitialPassword } from './initial-password.js';
import { credentialsRefProblem, initialPasswordRefProblem } from './secret-refs.js';
import { validateOrganization, validateRole, validateUser, validateUserGroup } from './validate.js';

export interface IamControllerDeps {
  store: HubStore;
  hasher: Pick<PasswordHasher, 'hash'>;
  resyncMs?: number;
  /** Secrets the operator keeps (the session key, the initial admin), which no User may name. */
  operatorSecretNames?: readonly string[];
}

/**
 * A group applied before its members has its message change as each member arrives; the
 * wording waits this long after the last write, the flip to valid never waits (status-pace.ts).
 */
export const wordingGapMs = 30_000;

type KindKey = 'Organization' | 'User' | 'UserGroup' | 'Role';
const kinds: KindKey[] = ['Organization', 'User', 'UserGroup', 'Role'];
const key = (kind: KindKey, name: string) => `${kind}/${name}`;

type Seen = IamObservation & { object: Observed };

/**
 * Reconciles the IAM kinds however they were written (console or kubectl): references are
 * checked and the verdict goes to status conditions Valid and Ready, with Events explaining it;
 * a User naming an initial password Secret gets its password; organizations get their
 * finalizer and lifecycle. Runs on the controller runtime, so only on the Lease holder.
 */
export function iamController(deps: IamControllerDeps): ControllerFactory {
  const { store } = deps;
  const stores = {
    Organization: store.organizations,
    User: store.users,
    UserGroup: store.userGroups,
    Role: store.roles,
  } as const;

  const seen = (
    object: Observed & { metadata: { generation?: number } },
    rest: Pick<IamObservation, 'valid' | 'ready'>,
  ): Seen => ({
    object,
    generation: object.metadata.generation,
    conditions: object.status?.conditions ?? ([] as Condition[]),
    ...rest,
  });

  const userSecretRefs = (user: UserObject) =>
    credentialsRefProblem(user, store.namespace) ??
    initialPasswordRefProblem(store, user, deps.operatorSecretNames ?? []);

  // Observing runs the object's own steps (finalizer, stamps, password): their outcome is part
  // of what the decision reports.
  async function observe(kind: KindKey, name: string): Promise<Seen | undefined> {
    switch (kind) {
      case 'Organization': {
        const org = store.organizations.get(name);
        const lifecycle = org && (await reconcileOrganizationLifecycle(store, org));
        if (!org || lifecycle === 'gone') return undefined;
        return seen(org, { valid: validateOrganization(store, org), ready: lifecycle });
      }
      case 'UserGroup': {
        const group = store.userGroups.get(name);
        return group && seen(group, { valid: validateUserGroup(store, group) });
      }
      case 'Role': {
        const role = store.roles.get(name);
        return role && seen(role, { valid: validateRole(store, role) });
      }
      case 'User': {
        const user = store.users.get(name);
        if (!user) return undefined;
        const valid = userSecretRefs(user) ?? validateUser(store, user, store.namespace);
        const ready = valid.ok
          ? await ensureInitialPassword(store, deps.hasher, user, deps.operatorSecretNames ?? [])
          : undefined;
        return seen(user, { valid, ready });
      }
    }
  }

  const ownSecretRef = (userName: string) => ({
    name: credentialsSecretName(userName),
    namespace: store.namespace,
  });

  return ({ clock, events }) => {
    const pace = statusPace(clock, wordingGapMs);
    /** Users and groups with a cluster binding that `matches`: their validity may have changed. */
    const bindersOf = (matches: (binding: { cluster: string; role: string }) => boolean) => {
      const binds = (list?: ReadonlyArray<{ cluster: string; role: string }>) =>
        (list ?? []).some(matches);
      return [
        ...store.users
          .list((u) => binds(u.spec.clusterPermissions))
          .map((u) => key('User', u.metadata.name)),
        ...store.userGroups
          .list((g) => binds(g.spec.clusterPermissions))
          .map((g) => key('UserGroup', g.metadata.name)),
      ];
    };
    const watches: Watch[] = [
      watchSpec(store.organizations, (_type, org) => {
        const name = org.metadata.name;
        return [
          key('Organization', name),
          ...store.users
            .list((u) => organizationsOf(u).includes(name))
            .map((u) => key('User', u.metadata.name)),
          ...store.userGroups
            .list((g) => g.spec.organization === name)
            .map((g) => key('UserGroup', g.metadata.name)),
          ...store.roles
            .list((r) => r.spec.organization === name)
            .map((r) => key('Role', r.metadata.name)),
        ];
      }),
      watchSpec(store.roles, (_type, role) => [
        key('Role', role.metadata.name),
        ...bindersOf((b) => b.role === role.metadata.name),
      ]),
      watchSpec(store.users, (_type, user) => [
        key('User', user.metadata.name),
        ...store.userGroups
          .list((g) => (g.spec.members ?? []).includes(user.metadata.name))
          .map((g) => key('UserGroup', g.metadata.name)),
      ]),
      watchSpec(store.userGroups, (_type, group) => [key('UserGroup', group.metadata.name)]),
      // Registries, as clusters below, hold an organization's deletion and get its uid stamped.
      watchSpec(store.registries, (_type, registry: OrganizationOwned) => {
        const org = namedOrganization(registry);
        return org ? [key('Organization', org)] : [];
      }),
      // Clusters hold an organization's deletion and get its uid stamped.
      watchSpec(store.clusters, (_type, cluster: OrganizationOwned) => {
        const org = namedOrganization(cluster);
        return org ? [key('Organization', org)] : [];
      }),
      // A cluster's organization decides which bindings naming it are valid.
      watchClusterOwners(store, (cluster) => bindersOf((b) => b.cluster === cluster)),
    ];

    return {
      name: 'iam',
      watches,
      resyncMs: deps.resyncMs ?? 10 * 60_000,
      *keys() {
        for (const kind of kinds)
          for (const o of stores[kind].list()) yield key(kind, o.metadata.name);
      },
      async reconcile(item) {
        const [kind, name = ''] = item.split('/') as [KindKey, string];
        const observed = await observe(kind, name);
        if (!observed) return undefined;
        const decision = {
          ...decideIam(observed),
          ...(kind === 'User' ? { fields: { credentialsSecretRef: ownSecretRef(name) } } : {}),
        };
        const { heldForMs } = await applyDecision(stores[kind], observed.object, decision, {
          events,
          now: new Date(clock.now()),
          // Only a group's wording follows other objects' arrivals in bulk (its members).
          ...(kind === 'UserGroup' ? { pace } : {}),
        });
        const after = [decision.requeueAfterMs, heldForMs].filter((ms) => ms !== undefined);
        return after.length === 0 ? undefined : { requeueAfterMs: Math.min(...after) };
      },
    };
  };
}

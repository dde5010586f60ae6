// Which member clusters a caller may read through /crd.{host}: the clusters of their
// organizations, and among those, for object data, only the ones where their effect is Allow,
// and there only the kinds their roles let them list in the member.
import type { ClusterAccess } from './effective.js';
import { effectiveClusterAccess } from './effective.js';
import { memberGrant } from './member-grant.js';
import type { ClusterObject, HubStore } from '../hub/store.js';
import { organizationOf } from './org-scope.js';
import type { Identity } from '../identity/identity.js';
import { listableKinds } from './listable-kinds.js';

export type CrdReader = Pick<
  HubStore,
  'clusters' | 'organizations' | 'users' | 'userGroups' | 'roles'
>;

/**
 * What a caller may see in one cluster: the indexed kinds (`IndexedKind.name`) their roles let
 * them list there, and no `namespaces` for the whole cluster.
 */
export interface ClusterScope {
  cluster: string;
  kinds: readonly string[];
  namespaces?: readonly string[];
}

export interface CallerClusters {
  /** Registered clusters of the caller's organizations (system admins: all), by name. */
  visible: ClusterObject[];
  access: Record<string, ClusterAccess>;
  /** The organization each visible cluster belongs to (none: '', which system admins see). */
  owners: Record<string, string>;
  /**
   * The index scope: visible clusters whose effect is Allow (system admins: all not denied),
   * each with the kinds the caller may list there (possibly none).
   */
  scope: ClusterScope[];
}

export async function callerClusters(
  store: CrdReader,
  identity: Pick<Identity, 'userName' | 'sysAdmin' | 'organizations'>,
): Promise<CallerClusters> {
  const orgs = new Set(identity.organizations.map((org) => org.name));
  const owners: Record<string, string> = {};
  for (const cluster of store.clusters.list()) {
    owners[cluster.metadata.name] = organizationOf(cluster, store.organizations) ?? '';
  }
  const visible = store.clusters
    .list((cluster) => identity.sysAdmin || orgs.has(owners[cluster.metadata.name] ?? ''))
    .sort((a, b) => a.metadata.name.localeCompare(b.metadata.name));
  const user = await store.users.fetch(identity.userName);
  const access = user
    ? effectiveClusterAccess(
        user,
        store.userGroups.list(),
        store.roles.list(),
        store.clusters.list(),
        store.organizations,
      )
    : {};
  const scope = visible
    .filter((cluster) => {
      const effect = access[cluster.metadata.name]?.effect;
      // System admins hold the owner role in every member that does not deny them.
      return effect === 'Allow' || (identity.sysAdmin && effect !== 'Deny');
    })
    .map((cluster) => {
      // The same grant the member RBAC projection writes (clusters/rbac/desired-state.ts).
      const permissions = memberGrant(identity, access[cluster.metadata.name], store.roles) ?? [];
      return { cluster: cluster.metadata.name, kinds: listableKinds(permissions) };
    });
  return { visible, access, owners, scope };
}

/** The kinds the caller may list in `cluster` (none when the cluster is not in their scope). */
export function kindsIn(caller: CallerClusters, cluster: string): readonly string[] {
  return caller.scope.find((entry) => entry.cluster === cluster)?.kinds ?? [];
}

/**
 * Whether the caller may still reach `cluster`: the check every member call starts with
 * (k8s/member-access.ts), so an open stream is held to the same rule as a new call.
 */
export async function reachesCluster(
  store: CrdReader,
  identity: Identity,
  cluster: string,
): Promise<boolean> {
  const caller = await callerClusters(store, identity);
  return caller.scope.some((entry) => entry.cluster === cluster);
}

// Which member clusters a caller may read through /crd.{host}: the clusters of their
// organizations, and among those, for object data, only the ones where their effect is Allow.
import type { ClusterAccess } from '../access/effective.js';
import { effectiveClusterAccess } from '../access/effective.js';
import type { ClusterObject, HubStore } from '../hub/store.js';
import { organizationOf } from '../iam/org-scope.js';
import type { Identity } from '../identity/identity.js';
import type { ClusterScope } from '../index/store-query.js';

export type CrdReader = Pick<
  HubStore,
  'clusters' | 'organizations' | 'users' | 'userGroups' | 'roles'
>;

export interface CallerClusters {
  /** Registered clusters of the caller's organizations (system admins: all), by name. */
  visible: ClusterObject[];
  access: Record<string, ClusterAccess>;
  /** The organization each visible cluster belongs to (none: '', which system admins see). */
  owners: Record<string, string>;
  /** The index scope: visible clusters whose effect is Allow (system admins: all not denied). */
  scope: ClusterScope[];
}

export async function callerClusters(
  store: CrdReader,
  identity: Identity,
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
    .map((cluster) => ({ cluster: cluster.metadata.name }));
  return { visible, access, owners, scope };
}

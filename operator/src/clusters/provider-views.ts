import type { ProviderView } from '@nimbus/api';
import type { ClusterAccess } from '../access/effective.js';
import { effectiveClusterAccess } from '../access/effective.js';
import type { ClusterObject, HubStore } from '../hub/store.js';
import { addressedOrganization, everyone, organizationOf } from '../access/org-scope.js';
import type { Page, SortedPageQuery } from '../iam/paging.js';
import { listOrder, matchesSearch, paginate } from '../iam/paging.js';
import type { Identity } from '../identity/identity.js';

export type { ProviderView };

export type ProviderReader = Pick<
  HubStore,
  'clusters' | 'organizations' | 'users' | 'userGroups' | 'roles'
>;

/** Until the cluster controller writes status, a cluster without a probe result is not ready. */
function isReady(cluster: ClusterObject): boolean {
  const status = cluster.status;
  if (status?.ready !== undefined) return status.ready;
  return status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True') ?? false;
}

export function toProviderView(cluster: ClusterObject, access?: ClusterAccess): ProviderView {
  const { metadata, spec } = cluster;
  return {
    providerID: metadata.name,
    provideruuid: metadata.uid,
    uuid: metadata.uid,
    kind: spec.provider,
    name: metadata.name,
    cluster: metadata.name,
    regionID: spec.region,
    ready: isReady(cluster),
    status: access?.effect ?? 'Allow',
    roles: (access?.roles ?? []).map(({ role, effect }) => ({ roleName: role, effect })),
  };
}

/** The caller's effective per-cluster access (groups first, Deny wins), by cluster name. */
async function accessOf(
  store: ProviderReader,
  identity: Identity,
): Promise<Record<string, ClusterAccess>> {
  const user = await store.users.fetch(identity.userName);
  if (!user) return {};
  return effectiveClusterAccess(
    user,
    store.userGroups.list(),
    store.roles.list(),
    store.clusters.list(),
    store.organizations,
  );
}

/** GET manage/organizations/:orgId/providers: the organization's clusters, by name. */
export async function listProviders(
  store: ProviderReader,
  identity: Identity,
  orgRef: string,
  query: SortedPageQuery,
): Promise<Page<ProviderView>> {
  const org = addressedOrganization(store.organizations, identity, orgRef, everyone);
  const clusters = store.clusters
    .list(
      (c) =>
        organizationOf(c, store.organizations) === org.metadata.name &&
        matchesSearch(query.search, c.metadata.name, c.spec.region, c.spec.provider),
    )
    .sort(listOrder(query));
  const access = await accessOf(store, identity);
  return paginate(clusters, query, (cluster) =>
    toProviderView(cluster, access[cluster.metadata.name]),
  );
}

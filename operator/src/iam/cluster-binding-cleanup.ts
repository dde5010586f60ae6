// Bindings name clusters by name, and a name is free again once its Cluster is gone: a binding
// left behind would apply to the next cluster of that name, possibly another organization's. So
// a Cluster's finalizer removes every binding naming it (clusters/lifecycle.ts), and a binding
// written by the API while its cluster is being deleted is taken back (below).
import { invalid } from '../core/problems.js';
import type { ClusterObject, HubStore } from '../hub/store.js';
import type { Binding } from './grants.js';
import { namedOrganization } from '../access/org-scope.js';

type BindingStore = Pick<HubStore, 'users' | 'userGroups'>;

const key = (b: Binding) => `${b.cluster}/${b.role}/${b.effect}`;

/**
 * Removes the bindings naming a cluster being deleted: every user's own (whatever organization
 * wrote it: only the cluster's organization could have) and those of its organization's groups
 * (other organizations' groups never apply to it). Read from the hub, not the cache, so a
 * binding written a moment ago is not missed; merge patches, so kubectl-written entries go too.
 * Returns the changed objects as `User/<name>`, `UserGroup/<name>`.
 */
export async function removeBindingsOfCluster(
  store: BindingStore,
  cluster: Pick<ClusterObject, 'metadata'>,
): Promise<string[]> {
  const org = namedOrganization(cluster);
  const [users, groups] = await Promise.all([
    store.users.listDirect(),
    store.userGroups.listDirect(),
  ]);
  const strip = strippingBindings(cluster.metadata.name);
  return [
    ...(await strip('User', store.users, users)),
    ...(await strip(
      'UserGroup',
      store.userGroups,
      groups.filter((g) => g.spec.organization === org),
    )),
  ];
}

interface BindingHolder {
  metadata: { name: string };
  spec: { clusterPermissions?: Binding[] | undefined };
}

interface Holders<T extends BindingHolder> {
  patch(
    name: string,
    change: (current: T) => { spec: { clusterPermissions: Binding[] } } | undefined,
  ): Promise<unknown>;
}

/** Removes the bindings naming `cluster` from each holder, re-read by the patch. */
function strippingBindings(cluster: string) {
  const names = (list?: readonly Binding[]) => (list ?? []).some((b) => b.cluster === cluster);
  return async <T extends BindingHolder>(
    kind: string,
    store: Holders<T>,
    holders: readonly T[],
  ): Promise<string[]> => {
    const changed: string[] = [];
    for (const holder of holders.filter((h) => names(h.spec.clusterPermissions))) {
      await store.patch(holder.metadata.name, (current) => {
        const list = current.spec.clusterPermissions;
        if (!names(list)) return undefined;
        return { spec: { clusterPermissions: (list ?? []).filter((b) => b.cluster !== cluster) } };
      });
      changed.push(`${kind}/${holder.metadata.name}`);
    }
    return changed;
  };
}

/**
 * After the API wrote a user's bindings: the bindings it added whose cluster has meanwhile
 * started to be deleted (or is gone) are taken out again, and the call fails as for a cluster
 * that does not exist. The clusters are read from the hub after the write, so either the
 * finalizer's sweep saw the binding or this check sees the deletion: no binding written while
 * its cluster goes can outlive it.
 */
export async function withdrawBindingsOfDeletedClusters(
  store: BindingStore & Pick<HubStore, 'clusters'>,
  userName: string,
  before: readonly Binding[],
  after: readonly Binding[],
): Promise<void> {
  const existing = new Set(before.map(key));
  const added = after.filter((b) => !existing.has(key(b)));
  if (added.length === 0) return;
  const live = new Set(
    (await store.clusters.listDirect())
      .filter((c) => !c.metadata.deletionTimestamp)
      .map((c) => c.metadata.name),
  );
  const doomed = new Set(added.filter((b) => !live.has(b.cluster)).map(key));
  if (doomed.size === 0) return;
  await store.users.patch(userName, (current) => {
    const list = current.spec.clusterPermissions ?? [];
    const kept = list.filter((b) => !doomed.has(key(b)));
    return kept.length === list.length ? undefined : { spec: { clusterPermissions: kept } };
  });
  const gone = after.find((b) => doomed.has(key(b)))?.cluster ?? '';
  throw invalid('providers', `cluster ${gone} does not exist`);
}

import type { Watch } from '../controllers/controller.js';
import { watch } from '../controllers/controller.js';
import type { HubStore } from '../hub/store.js';
import { organizationOf } from '../access/org-scope.js';

/**
 * Watches clusters for what decides the validity of objects naming them: a cluster's arrival,
 * departure or new owning organization. Health probes rewrite a cluster's status often, so other
 * updates are ignored. `keysFor` gives the keys of the objects naming the cluster.
 */
export function watchClusterOwners(
  store: Pick<HubStore, 'clusters' | 'organizations'>,
  keysFor: (cluster: string) => Iterable<string>,
): Watch {
  const owners = new Map<string, string>();
  return watch(store.clusters, (type, cluster) => {
    const name = cluster.metadata.name;
    const owner =
      type === 'delete' ? undefined : (organizationOf(cluster, store.organizations) ?? '');
    if (type === 'update' && owners.get(name) === owner) return [];
    if (owner === undefined) owners.delete(name);
    else owners.set(name, owner);
    return keysFor(name);
  });
}

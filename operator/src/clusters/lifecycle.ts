// Deleting a Cluster, through the API or with `kubectl delete`, waits on one finalizer: before the
// name is free for another registration (maybe of another organization), everything that names
// it goes — the projected RBAC in its member, every binding naming it, every favourite of it.
import type { ClusterObject, HubStore } from '../hub/store.js';
import { removeBindingsOfCluster } from '../iam/cluster-binding-cleanup.js';
import type { Logger } from '../logger.js';
import type { ClusterConnector } from './connector.js';
import { removeMemberRbac } from './rbac/member-cleanup.js';

export const clusterFinalizer = 'nimbus.io/cluster-cleanup';

export type LifecycleStore = Pick<HubStore, 'clusters' | 'users' | 'userGroups' | 'favourites'>;

/**
 * The Cluster finalizations running in this process, by uid. An API delete finalizes inline and
 * the lifecycle controller, woken by the same deletion, would finalize beside it; whoever comes
 * second joins the running one, so a Cluster is finalized once at a time, as the work queue
 * keeps for a key.
 */
export class ClusterFinalizations {
  private readonly running = new Map<string, Promise<Finalized>>();

  run(uid: string, finalize: () => Promise<Finalized>): Promise<Finalized> {
    const current = this.running.get(uid);
    if (current) return current;
    const started = finalize().finally(() => this.running.delete(uid));
    this.running.set(uid, started);
    return started;
  }
}

export interface ClusterLifecycleDeps {
  store: LifecycleStore;
  /** Shared by the API and the lifecycle controller of one process. */
  finalizations: ClusterFinalizations;
  connector: Pick<ClusterConnector, 'for' | 'clock'>;
  memberTimeoutMs?: number;
  logger?: Logger;
}

/** What the finalizer did, for the log and the Cluster's Events. */
export interface Finalized {
  /** False when the member could not be reached: its objects were left behind. */
  memberCleaned: boolean;
  /** Users and groups whose bindings naming the cluster were removed (`User/alice`). */
  bindings: string[];
  favourites: number;
}

const holds = (cluster: Pick<ClusterObject, 'metadata'>): boolean =>
  (cluster.metadata.finalizers ?? []).includes(clusterFinalizer);

/** Adds the finalizer to a Cluster written with kubectl (the API creates it with it). */
export async function ensureClusterFinalizer(
  store: Pick<HubStore, 'clusters'>,
  cluster: ClusterObject,
): Promise<void> {
  if (cluster.metadata.deletionTimestamp || holds(cluster)) return;
  await store.clusters.patch(cluster.metadata.name, (current) =>
    current.metadata.deletionTimestamp ||
    holds(current) ||
    current.metadata.uid !== cluster.metadata.uid
      ? undefined
      : { finalizers: [...(current.metadata.finalizers ?? []), clusterFinalizer] },
  );
}

/**
 * For a Terminating Cluster: removes its member RBAC (best effort: an unreachable member never
 * blocks the delete), the bindings and favourites naming it, then the finalizer. A failure
 * half-way keeps the finalizer, so the next attempt finishes the job.
 */
export function finalizeCluster(
  deps: ClusterLifecycleDeps,
  cluster: ClusterObject,
): Promise<Finalized> {
  return deps.finalizations.run(cluster.metadata.uid, () => finalizeOnce(deps, cluster));
}

async function finalizeOnce(
  deps: ClusterLifecycleDeps,
  cluster: ClusterObject,
): Promise<Finalized> {
  const { store } = deps;
  const memberCleaned = await removeMemberRbac(deps, cluster);
  const bindings = await removeBindingsOfCluster(store, cluster);
  const favourites = await removeFavouritesOfCluster(store, cluster.metadata.name);
  await store.clusters.patch(cluster.metadata.name, (current) =>
    current.metadata.uid !== cluster.metadata.uid
      ? undefined
      : { finalizers: (current.metadata.finalizers ?? []).filter((f) => f !== clusterFinalizer) },
  );
  deps.logger?.info(
    { cluster: cluster.metadata.name, bindings, favourites, memberCleaned },
    'cluster finalized',
  );
  return { memberCleaned, bindings, favourites };
}

/**
 * The controller's step for one Cluster: a live one gets the finalizer; a Terminating one that
 * still holds it is finalized (undefined when there is nothing to do).
 */
export async function reconcileClusterLifecycle(
  deps: ClusterLifecycleDeps,
  cluster: ClusterObject,
): Promise<Finalized | undefined> {
  if (!cluster.metadata.deletionTimestamp) {
    await ensureClusterFinalizer(deps.store, cluster);
    return undefined;
  }
  return holds(cluster) ? finalizeCluster(deps, cluster) : undefined;
}

/** Deletes every favourite of a cluster being deleted (its finalizer calls this). */
async function removeFavouritesOfCluster(
  store: Pick<HubStore, 'favourites'>,
  cluster: string,
): Promise<number> {
  const favourites = (await store.favourites.listDirect()).filter(
    (f) => f.spec.cluster === cluster,
  );
  for (const favourite of favourites) await store.favourites.delete(favourite.metadata.name);
  return favourites.length;
}

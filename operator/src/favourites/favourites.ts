import { createHash } from 'node:crypto';
import type { FavouriteTarget, FavouriteView, RemoveFavouriteBody } from '@nimbus/api';
import { denied, isSelf } from '../access/scope.js';
import type { CallerClusters, CrdReader } from '../access/caller-scope.js';
import { callerClusters, kindsIn } from '../access/caller-scope.js';
import type { FavouriteObject, HubStore } from '../hub/store.js';
import { ownerReference } from '../hub/owner.js';
import { notFound } from '../core/problems.js';
import { userLabelValue } from '../identity/credentials.js';
import type { Identity } from '../identity/identity.js';
import { indexedKindOfType } from '../index/kinds.js';
import { sessionUserLabel } from '../identity/sessions.js';
import { clusterUidLabel } from '../clusters/cluster-uid.js';

export type { FavouriteView };

export type FavouriteStore = Pick<HubStore, 'favourites'> & CrdReader;

/** Same label key as sessions: one selector finds everything of a user. */
export const favouriteUserLabel = sessionUserLabel;

type Identifying = Pick<FavouriteTarget, 'type' | 'name' | 'cluster' | 'namespace'>;

/** Deterministic, so collecting the same resource twice updates one object. */
export function favouriteName(user: string, fields: Identifying): string {
  const key = JSON.stringify([
    user,
    fields.cluster,
    fields.namespace ?? '',
    fields.type,
    fields.name,
  ]);
  return `fav-${createHash('sha256').update(key).digest('hex').slice(0, 40)}`;
}

export function toFavouriteView(favourite: FavouriteObject): FavouriteView {
  const { spec } = favourite;
  return {
    id: favourite.metadata.name,
    type: spec.type,
    name: spec.name,
    region: spec.region,
    vendor: spec.vendor,
    cluster: spec.cluster,
    ...(spec.namespace === undefined ? {} : { namespace: spec.namespace }),
  };
}

/** Favourites live under the caller's own path only; not even administrators act for others. */
export function assertOwnPath(identity: Identity, pathUser: string): void {
  if (!isSelf(identity, pathUser)) throw denied();
}

export async function addFavourite(
  store: FavouriteStore,
  identity: Identity,
  fields: FavouriteTarget,
): Promise<FavouriteView> {
  // Only what the caller may list can be collected: the same rights as the index lists.
  const caller = await callerClusters(store, identity);
  if (!listableBy(caller)({ spec: fields } as Pick<FavouriteObject, 'spec'>)) throw denied();
  const user = await store.users.fetch(identity.userName);
  const cluster = store.clusters.get(fields.cluster);
  if (!cluster) throw denied();
  const stored = await store.favourites.apply({
    metadata: {
      name: favouriteName(identity.userName, fields),
      labels: {
        [favouriteUserLabel]: userLabelValue(identity.userName),
        // A later cluster of the same name is another cluster: the favourite is not its.
        [clusterUidLabel]: cluster.metadata.uid,
      },
      // Removed with the user by garbage collection.
      ...(user ? { ownerReferences: [ownerReference(user)] } : {}),
    },
    spec: { ...fields, user: identity.userName },
  });
  return toFavouriteView(stored);
}

function ownedBy(identity: Identity) {
  return (favourite: FavouriteObject): boolean => favourite.spec.user === identity.userName;
}

/**
 * A favourite is shown while the caller may list its kind in its cluster, the same rights as the
 * index lists; otherwise it is kept (rights may come back) but not returned, not even its name.
 */
function listableBy(caller: CallerClusters) {
  return (favourite: Pick<FavouriteObject, 'spec'>): boolean => {
    const kind = indexedKindOfType(favourite.spec.type);
    return kind !== undefined && kindsIn(caller, favourite.spec.cluster).includes(kind.name);
  };
}

/**
 * Made for the cluster that now has its name (a deleted cluster's are removed by its finalizer;
 * this covers one deleted without it). Favourites from before the uid was recorded have none:
 * they count when they are not older than the cluster.
 */
function ofCurrentCluster(store: FavouriteStore) {
  return (favourite: FavouriteObject): boolean => {
    const cluster = store.clusters.get(favourite.spec.cluster);
    if (!cluster) return false;
    const uid = favourite.metadata.labels?.[clusterUidLabel];
    if (uid !== undefined) return uid === cluster.metadata.uid;
    return (
      Date.parse(favourite.metadata.creationTimestamp) >=
      Date.parse(cluster.metadata.creationTimestamp)
    );
  };
}

export async function listFavourites(
  store: FavouriteStore,
  identity: Identity,
): Promise<{ items: FavouriteView[] }> {
  const caller = await callerClusters(store, identity);
  const items = store.favourites
    .list(ownedBy(identity))
    .filter(ofCurrentCluster(store))
    .filter(listableBy(caller))
    .sort((a, b) => a.metadata.creationTimestamp.localeCompare(b.metadata.creationTimestamp))
    .map(toFavouriteView);
  return { items };
}

export async function removeFavourite(
  store: FavouriteStore,
  identity: Identity,
  request: RemoveFavouriteBody,
): Promise<{ id: string }> {
  const id = 'id' in request ? request.id : favouriteName(identity.userName, request);
  const favourite = await store.favourites.fetch(id);
  // Another user's favourite is reported as missing, so ids reveal nothing.
  if (!favourite || !ownedBy(identity)(favourite)) throw notFound('favourite');
  await store.favourites.delete(id);
  return { id };
}

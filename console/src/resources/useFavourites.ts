import type { FavouriteView } from '@nimbus/api';
import { skipToken } from '@reduxjs/toolkit/query';
import { useListFavouritesQuery } from '../api/favouritesApi';
import { currentUserId } from '../components/admin/session';
import { useSignedInUser } from '../appState/useAppData';
import type { DetailTarget } from './detailPath';
import { kindOfType, routeTypeOf } from './kindDescriptors';

/** The caller's user id: the shell's once loaded, else the stored session's. */
export function useCallerId(): string {
  return useSignedInUser()?.userId ?? currentUserId();
}

/** The caller's favourites (the header menu and My Collections share this cache entry). */
export function useMyFavourites() {
  const userId = useCallerId();
  const result = useListFavouritesQuery(userId || skipToken);
  return { userId, favourites: result.data?.items ?? [], isFetching: result.isFetching };
}

/** A favourite's detail target with its type as the route's Kind (older ones stored plurals). */
export const favouriteTarget = (favourite: FavouriteView): DetailTarget => ({
  ...favourite,
  type: routeTypeOf(favourite.type),
});

/** The favourite that collected `target`, whether it was stored with the Kind or the plural. */
export function findFavourite(
  favourites: readonly FavouriteView[],
  target: DetailTarget,
): FavouriteView | undefined {
  const kind = kindOfType(target.type) ?? target.type;
  return favourites.find(
    (favourite) =>
      (kindOfType(favourite.type) ?? favourite.type) === kind &&
      favourite.name === target.name &&
      favourite.cluster === target.cluster &&
      (favourite.namespace ?? '') === (target.namespace ?? ''),
  );
}

import { requireIdentity } from '../identity-locals.js';
import type { FavouriteStore } from '../../favourites/favourites.js';
import {
  addFavourite,
  assertOwnPath,
  listFavourites,
  removeFavourite,
} from '../../favourites/favourites.js';
import type { Implementation } from '../contract/implement.js';
import { implement } from '../contract/implement.js';

/** The caller's favourites. */
export function favouriteEndpoints(store: FavouriteStore): Implementation[] {
  const own = (res: Parameters<typeof requireIdentity>[0], pathUser: string) => {
    const identity = requireIdentity(res);
    assertOwnPath(identity, pathUser);
    return identity;
  };
  return [
    implement('addFavourite', ({ body }, { res }) =>
      addFavourite(store, requireIdentity(res), body),
    ),
    implement('listOwnFavourites', ({ params }, { res }) =>
      listFavourites(store, own(res, params.userId)),
    ),
    implement('addOwnFavourite', ({ params, body }, { res }) =>
      addFavourite(store, own(res, params.userId), body),
    ),
    implement('removeOwnFavourite', ({ params, body }, { res }) =>
      removeFavourite(store, own(res, params.userId), body),
    ),
  ];
}

import { Router } from 'express';
import { requireIdentity } from '../../identity/identity.js';
import type { FavouriteStore } from '../../manage/favourites.js';
import {
  addFavourite,
  assertOwnPath,
  listFavourites,
  removeFavourite,
} from '../../manage/favourites.js';
import { handle } from '../respond.js';

const ownCollections = '/users/:userId/collections';

/** The caller's favourites (SPEC §7 "Favourites"); mounted on the manage service. */
export function favouritesRouter(store: FavouriteStore): Router {
  const router = Router();
  const pathUser = (value: unknown): string => String(value ?? '');
  router.post(
    '/collections',
    handle((req, res) => addFavourite(store, requireIdentity(res), req.body)),
  );
  router.post(
    ownCollections,
    handle((req, res) => {
      const identity = requireIdentity(res);
      assertOwnPath(identity, pathUser(req.params.userId));
      return addFavourite(store, identity, req.body);
    }),
  );
  router.get(
    ownCollections,
    handle((req, res) => {
      const identity = requireIdentity(res);
      assertOwnPath(identity, pathUser(req.params.userId));
      return listFavourites(store, identity);
    }),
  );
  router.delete(
    ownCollections,
    handle((req, res) => {
      const identity = requireIdentity(res);
      assertOwnPath(identity, pathUser(req.params.userId));
      return removeFavourite(store, identity, req.body);
    }),
  );
  return router;
}

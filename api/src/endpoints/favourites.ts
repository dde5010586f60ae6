import { z } from 'zod';
import { endpoint, json, ownUser } from '../endpoint.js';
import { favouriteBody, favouriteViewSchema, removeFavouriteBody } from '../schemas/favourites.js';

const collections = '/manage.{host}/users/:userId/collections';
// own-user lets admins through the policy; the handler narrows it to the caller alone.
const own = {
  allow: 'authenticated' as const,
  ...ownUser('params.userId'),
  note: 'Favourites are personal: the caller only, even for administrators.',
};
const userParams = z.object({ userId: z.string().min(1).max(253) });

export const favouriteEndpoints = {
  addFavourite: endpoint({
    method: 'POST',
    path: '/manage.{host}/collections',
    access: { allow: 'authenticated', note: 'Only what the caller may list.' },
    summary: 'Collect a resource (favourite)',
    tag: 'manage',
    body: favouriteBody,
    response: json(favouriteViewSchema),
  }),
  listOwnFavourites: endpoint({
    method: 'GET',
    path: collections,
    access: own,
    summary: "The caller's favourites",
    tag: 'manage',
    params: userParams,
    response: json(z.object({ items: z.array(favouriteViewSchema) })),
  }),
  addOwnFavourite: endpoint({
    method: 'POST',
    path: collections,
    access: own,
    summary: 'Collect a resource',
    tag: 'manage',
    params: userParams,
    body: favouriteBody,
    response: json(favouriteViewSchema),
  }),
  removeOwnFavourite: endpoint({
    method: 'DELETE',
    path: collections,
    access: own,
    summary: 'Remove a favourite',
    tag: 'manage',
    params: userParams,
    body: removeFavouriteBody,
    response: json(z.object({ id: z.string() })),
  }),
} as const;

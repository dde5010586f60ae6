import type { FavouriteTargetInput, RemoveFavouriteInput, ResponseFor } from '@nimbus/api';
import { servicePath } from '../config/productHost';
import type { DetailTarget } from '../resources/detailPath';
import { baseApi } from './baseApi';

/** SPEC §3 Favourite; `id` is stable, so collecting the same resource twice keeps one. */
export type Favourite = ResponseFor<'listOwnFavourites'>['items'][number];

export type FavouriteRemoval = RemoveFavouriteInput;

const collectionsPath = (userId: string) =>
  `${servicePath('manage')}/users/${encodeURIComponent(userId)}/collections`;

export const favouritesApi = baseApi
  .enhanceEndpoints({ addTagTypes: ['Favourites'] })
  .injectEndpoints({
    endpoints: (build) => ({
      listFavourites: build.query<ResponseFor<'listOwnFavourites'>, string>({
        query: (userId) => ({ url: collectionsPath(userId) }),
        providesTags: ['Favourites'],
      }),
      addFavourite: build.mutation<Favourite, { userId: string; target: DetailTarget }>({
        query: ({ userId, target }) => ({
          url: collectionsPath(userId),
          method: 'POST',
          body: target satisfies FavouriteTargetInput,
        }),
        invalidatesTags: ['Favourites'],
      }),
      removeFavourite: build.mutation<{ id: string }, { userId: string; target: FavouriteRemoval }>(
        {
          query: ({ userId, target }) => ({
            url: collectionsPath(userId),
            method: 'DELETE',
            body: target,
          }),
          invalidatesTags: ['Favourites'],
        },
      ),
    }),
  });

export const { useListFavouritesQuery, useAddFavouriteMutation, useRemoveFavouriteMutation } =
  favouritesApi;

import type {
  FavouriteTargetInput,
  FavouriteView,
  RemoveFavouriteInput,
  ResponseFor,
} from '@nimbus/api';
import { servicePath } from '../config/productHost';
import type { DetailTarget } from '../resources/detailPath';
import { baseApi } from '../apiClient/baseApi';

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
      addFavourite: build.mutation<FavouriteView, { userId: string; target: DetailTarget }>({
        query: ({ userId, target }) => ({
          url: collectionsPath(userId),
          method: 'POST',
          body: target satisfies FavouriteTargetInput,
        }),
        invalidatesTags: ['Favourites'],
      }),
      removeFavourite: build.mutation<
        ResponseFor<'removeOwnFavourite'>,
        { userId: string; target: RemoveFavouriteInput }
      >({
        query: ({ userId, target }) => ({
          url: collectionsPath(userId),
          method: 'DELETE',
          body: target,
        }),
        invalidatesTags: ['Favourites'],
      }),
    }),
  });

export const { useListFavouritesQuery, useAddFavouriteMutation, useRemoveFavouriteMutation } =
  favouritesApi;

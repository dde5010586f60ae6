import type {
  FavouriteTargetInput,
  FavouriteView,
  RemoveFavouriteInput,
  ResponseFor,
} from '@nimbus/api';
import { endpointRequest } from '../apiClient/endpointUrl';
import type { DetailTarget } from '../resources/detailPath';
import { baseApi } from '../apiClient/baseApi';

export const favouritesApi = baseApi
  .enhanceEndpoints({ addTagTypes: ['Favourites'] })
  .injectEndpoints({
    endpoints: (build) => ({
      listFavourites: build.query<ResponseFor<'listOwnFavourites'>, string>({
        query: (userId) => endpointRequest('listOwnFavourites', { userId }),
        providesTags: ['Favourites'],
      }),
      addFavourite: build.mutation<FavouriteView, { userId: string; target: DetailTarget }>({
        query: ({ userId, target }) =>
          endpointRequest('addOwnFavourite', { userId }, target satisfies FavouriteTargetInput),
        invalidatesTags: ['Favourites'],
      }),
      removeFavourite: build.mutation<
        ResponseFor<'removeOwnFavourite'>,
        { userId: string; target: RemoveFavouriteInput }
      >({
        query: ({ userId, target }) => endpointRequest('removeOwnFavourite', { userId }, target),
        invalidatesTags: ['Favourites'],
      }),
    }),
  });

export const { useListFavouritesQuery, useAddFavouriteMutation, useRemoveFavouriteMutation } =
  favouritesApi;

import type { BodyFor, IdentityProviderView, ResponseFor } from '@nimbus/api';
import { endpointRequest } from '../apiClient/endpointUrl';
import { baseApi } from '../apiClient/baseApi';

const afterSuccess = (_result: unknown, error: unknown): 'IdentityProvider'[] =>
  error ? [] : ['IdentityProvider'];

/** The identity providers users sign in with (system administrators). */
export const identityProviderApi = baseApi
  .enhanceEndpoints({ addTagTypes: ['IdentityProvider'] })
  .injectEndpoints({
    endpoints: (build) => ({
      listIdentityProviders: build.query<IdentityProviderView[], undefined>({
        query: () => endpointRequest('listIdentityProviders', {}),
        transformResponse: (data: ResponseFor<'listIdentityProviders'> | null) => data?.items ?? [],
        providesTags: ['IdentityProvider'],
      }),
      saveIdentityProvider: build.mutation<
        IdentityProviderView,
        { existing: boolean; body: BodyFor<'createIdentityProvider'> }
      >({
        query: ({ existing, body }) => {
          if (!existing) {
            return endpointRequest('createIdentityProvider', {}, body);
          }
          const { name, ...settings } = body;
          return endpointRequest('updateIdentityProvider', { name }, settings);
        },
        invalidatesTags: afterSuccess,
      }),
      deleteIdentityProvider: build.mutation<ResponseFor<'deleteIdentityProvider'>, string>({
        query: (name) => endpointRequest('deleteIdentityProvider', { name }),
        invalidatesTags: afterSuccess,
      }),
    }),
  });

export const {
  useListIdentityProvidersQuery,
  useSaveIdentityProviderMutation,
  useDeleteIdentityProviderMutation,
} = identityProviderApi;

import type { BodyFor, ResponseFor, RegistryView } from '@nimbus/api';
import { servicePath } from '../config/productHost';
import { baseApi } from '../apiClient/baseApi';
import { listQuery, type ListArgs } from '../apiClient/listArgs';

const manage = (path: string) => `${servicePath('manage')}${path}`;
const segment = encodeURIComponent;

const afterSuccess = (_result: unknown, error: unknown): 'Registry'[] =>
  error ? [] : ['Registry'];

/** Image registries (SPEC §7 Registries). */
export const registryApi = baseApi.enhanceEndpoints({ addTagTypes: ['Registry'] }).injectEndpoints({
  endpoints: (build) => ({
    listSupportedRegistries: build.query<
      ResponseFor<'listSupportedRegistries'>['items'],
      undefined
    >({
      query: () => manage('/supportregistries'),
      transformResponse: (data: ResponseFor<'listSupportedRegistries'> | null) => data?.items ?? [],
    }),
    listRegistries: build.query<ResponseFor<'listOrganizationRegistries'>, ListArgs>({
      query: (args) =>
        listQuery(manage(`/organizations/${segment(args.organizationId)}/registries`), args),
      providesTags: ['Registry'],
    }),
    createRegistry: build.mutation<RegistryView, BodyFor<'createRegistry'>>({
      query: (body) => ({ url: manage('/registries'), method: 'POST', body }),
      invalidatesTags: afterSuccess,
    }),
    updateRegistry: build.mutation<RegistryView, BodyFor<'updateRegistry'>>({
      query: (body) => ({ url: manage('/registries'), method: 'PUT', body }),
      invalidatesTags: afterSuccess,
    }),
    deleteRegistry: build.mutation<ResponseFor<'deleteRegistry'>, BodyFor<'deleteRegistry'>>({
      query: (body) => ({ url: manage('/registries'), method: 'DELETE', body }),
      invalidatesTags: afterSuccess,
    }),
    // The outcome is shown beside the button, so a refusal raises no notification.
    testRegistry: build.mutation<ResponseFor<'testRegistry'>, BodyFor<'testRegistry'>>({
      query: (body) => ({ url: manage('/registries/test'), method: 'POST', body }),
      extraOptions: { silent: true },
    }),
    listClusterRegistries: build.query<RegistryView[], string>({
      query: (cluster) => manage(`/providers/${segment(cluster)}/registries`),
      transformResponse: (data: ResponseFor<'listProviderRegistries'> | null) => data?.items ?? [],
      providesTags: ['Registry'],
    }),
    listRepositories: build.query<ResponseFor<'listRegistryRepositories'>['items'], string>({
      query: (registryId) => manage(`/registries/${segment(registryId)}/repositories`),
      transformResponse: (data: ResponseFor<'listRegistryRepositories'> | null) =>
        data?.items ?? [],
    }),
    listTags: build.query<
      ResponseFor<'listRepositoryTags'>['items'],
      { registryId: string; image: string }
    >({
      query: ({ registryId, image }) =>
        manage(`/registries/${segment(registryId)}/repositories/${segment(image)}`),
      transformResponse: (data: ResponseFor<'listRepositoryTags'> | null) => data?.items ?? [],
    }),
    splitImage: build.query<ResponseFor<'splitRepository'>, { cluster: string; image: string }>({
      query: ({ cluster, image }) => ({
        url: manage(`/providers/${segment(cluster)}/split/repositories`),
        params: { image },
      }),
      extraOptions: { silent: true },
    }),
    searchDockerHub: build.query<ResponseFor<'searchDockerHub'>, string>({
      query: (search) => ({
        url: manage('/dockerhub/repositories'),
        params: { page: 1, pageSize: 50, search },
      }),
    }),
  }),
});

export const {
  useListSupportedRegistriesQuery,
  useListRegistriesQuery,
  useCreateRegistryMutation,
  useUpdateRegistryMutation,
  useDeleteRegistryMutation,
  useTestRegistryMutation,
  useListClusterRegistriesQuery,
  useLazyListClusterRegistriesQuery,
  useListRepositoriesQuery,
  useListTagsQuery,
  useLazySplitImageQuery,
  useSearchDockerHubQuery,
} = registryApi;

import type { BodyFor, ResponseFor, RegistryView } from '@nimbus/api';
import { endpointQuery, endpointRequest } from '../apiClient/endpointUrl';
import { baseApi } from '../apiClient/baseApi';
import { listQuery, type ListArgs } from '../apiClient/listArgs';

const afterSuccess = (_result: unknown, error: unknown): 'Registry'[] =>
  error ? [] : ['Registry'];

/** Image registries. */
type TagItems = ResponseFor<'listRepositoryTags'>['items'];
interface TagsArgs {
  registryId: string;
  image: string;
}

/** The tags of one image of a registry. */
const tagsOfImage = {
  query: ({ registryId, image }: TagsArgs) =>
    endpointRequest('listRepositoryTags', { registryId, image }),
  transformResponse: (data: ResponseFor<'listRepositoryTags'> | null): TagItems =>
    data?.items ?? [],
};

export const registryApi = baseApi.enhanceEndpoints({ addTagTypes: ['Registry'] }).injectEndpoints({
  endpoints: (build) => ({
    listSupportedRegistries: build.query<
      ResponseFor<'listSupportedRegistries'>['items'],
      undefined
    >({
      query: () => endpointRequest('listSupportedRegistries', {}),
      transformResponse: (data: ResponseFor<'listSupportedRegistries'> | null) => data?.items ?? [],
    }),
    listRegistries: build.query<ResponseFor<'listOrganizationRegistries'>, ListArgs>({
      query: (args) =>
        listQuery('listOrganizationRegistries', { orgId: args.organizationId }, args),
      providesTags: ['Registry'],
    }),
    createRegistry: build.mutation<RegistryView, BodyFor<'createRegistry'>>({
      query: (body) => endpointRequest('createRegistry', {}, body),
      invalidatesTags: afterSuccess,
    }),
    updateRegistry: build.mutation<RegistryView, BodyFor<'updateRegistry'>>({
      query: (body) => endpointRequest('updateRegistry', {}, body),
      invalidatesTags: afterSuccess,
    }),
    deleteRegistry: build.mutation<ResponseFor<'deleteRegistry'>, BodyFor<'deleteRegistry'>>({
      query: (body) => endpointRequest('deleteRegistry', {}, body),
      invalidatesTags: afterSuccess,
    }),
    // The outcome is shown beside the button, so a refusal raises no notification.
    testRegistry: build.mutation<ResponseFor<'testRegistry'>, BodyFor<'testRegistry'>>({
      query: (body) => endpointRequest('testRegistry', {}, body),
      extraOptions: { silent: true },
    }),
    listClusterRegistries: build.query<RegistryView[], string>({
      query: (providerId) => endpointRequest('listProviderRegistries', { providerId }),
      transformResponse: (data: ResponseFor<'listProviderRegistries'> | null) => data?.items ?? [],
      providesTags: ['Registry'],
    }),
    listRepositories: build.query<ResponseFor<'listRegistryRepositories'>['items'], string>({
      query: (registryId) => endpointRequest('listRegistryRepositories', { registryId }),
      transformResponse: (data: ResponseFor<'listRegistryRepositories'> | null) =>
        data?.items ?? [],
    }),
    listTags: build.query<TagItems, TagsArgs>(tagsOfImage),
    // Docker Hub's tags of an image typed by hand, which it may not have: the image select
    // dialog says so under the tag field, not as a notice.
    listTagsQuietly: build.query<TagItems, TagsArgs>({
      ...tagsOfImage,
      extraOptions: { silent: true },
    }),
    splitImage: build.query<ResponseFor<'splitRepository'>, { cluster: string; image: string }>({
      query: ({ cluster, image }) =>
        endpointQuery('splitRepository', { providerId: cluster }, { image }),
      extraOptions: { silent: true },
    }),
    searchDockerHub: build.query<ResponseFor<'searchDockerHub'>, string>({
      query: (search) => endpointQuery('searchDockerHub', {}, { page: 1, pageSize: 50, search }),
      // The image select dialog says a failed search once, under its field.
      extraOptions: { silent: true },
    }),
  }),
});

export const {
  useListSupportedRegistriesQuery,
  useListRegistriesQuery,
  useLazyListRegistriesQuery,
  useCreateRegistryMutation,
  useUpdateRegistryMutation,
  useDeleteRegistryMutation,
  useTestRegistryMutation,
  useListClusterRegistriesQuery,
  useLazyListClusterRegistriesQuery,
  useListRepositoriesQuery,
  useListTagsQuery,
  useListTagsQuietlyQuery,
  useLazySplitImageQuery,
  useSearchDockerHubQuery,
} = registryApi;

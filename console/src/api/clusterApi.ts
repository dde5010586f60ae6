import type {
  BodyFor,
  ClusterAddress,
  ClusterView,
  CreateClusterBody,
  ProviderInfo,
  ResponseFor,
  TestClusterBody,
  UpdateClusterBody,
} from '@nimbus/api';
import { providerKinds, type ProviderKind } from '@nimbus/api/shared';
import { endpointRequest } from '../apiClient/endpointUrl';
import { baseApi } from '../apiClient/baseApi';
import { listQuery, type ListArgs } from '../apiClient/listArgs';

/** The provider kinds of a cluster (the contract's list, in its order). */
export { providerKinds as PROVIDER_KINDS } from '@nimbus/api/shared';

export const isProviderKind = (kind: string): kind is ProviderKind =>
  (providerKinds as readonly string[]).includes(kind);

const afterSuccess = (_result: unknown, error: unknown): 'Cluster'[] => (error ? [] : ['Cluster']);

export const clusterApi = baseApi.enhanceEndpoints({ addTagTypes: ['Cluster'] }).injectEndpoints({
  endpoints: (build) => ({
    listSupportedProviders: build.query<ProviderInfo[], undefined>({
      query: () => endpointRequest('listSupportedProviders', {}),
      transformResponse: (data: ResponseFor<'listSupportedProviders'> | null) => data?.items ?? [],
    }),
    listProviders: build.query<ResponseFor<'listOrganizationProviders'>, ListArgs>({
      query: (args) => listQuery('listOrganizationProviders', { orgId: args.organizationId }, args),
      providesTags: ['Cluster'],
    }),
    createCluster: build.mutation<ClusterView, CreateClusterBody & Pick<ClusterAddress, 'kind'>>({
      query: ({ kind, ...body }) => endpointRequest('registerCluster', { kind }, body),
      invalidatesTags: afterSuccess,
    }),
    updateCluster: build.mutation<ClusterView, UpdateClusterBody & ClusterAddress>({
      query: ({ kind, cluster, ...body }) =>
        endpointRequest('updateCluster', { kind, cluster }, body),
      invalidatesTags: afterSuccess,
    }),
    deleteCluster: build.mutation<
      ResponseFor<'deleteCluster'>,
      ClusterAddress & BodyFor<'deleteCluster'>
    >({
      query: ({ kind, cluster, organizationId }) =>
        endpointRequest('deleteCluster', { kind, cluster }, { organizationId }),
      invalidatesTags: afterSuccess,
    }),
    // The outcome is shown beside the button, so a refusal raises no notification.
    testCluster: build.mutation<
      ResponseFor<'testClusterConnection'>,
      TestClusterBody & ClusterAddress
    >({
      query: ({ kind, cluster, ...body }) =>
        endpointRequest('testClusterConnection', { kind, cluster }, body),
      extraOptions: { silent: true },
    }),
    // The command holds a one-time token: shown once, never asked for again.
    createClusterRegistration: build.mutation<
      ResponseFor<'createClusterRegistration'>,
      BodyFor<'createClusterRegistration'>
    >({
      query: (body) => endpointRequest('createClusterRegistration', {}, body),
      extraOptions: { silent: true },
    }),
  }),
});

export const {
  useListSupportedProvidersQuery,
  useListProvidersQuery,
  useLazyListProvidersQuery,
  useCreateClusterMutation,
  useUpdateClusterMutation,
  useDeleteClusterMutation,
  useTestClusterMutation,
  useCreateClusterRegistrationMutation,
} = clusterApi;

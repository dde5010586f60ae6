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
import { servicePath } from '../config/productHost';
import { baseApi } from '../apiClient/baseApi';
import type { EnvelopeErrorData } from '../apiClient/envelope';
import { listQuery, type ListArgs } from '../apiClient/listArgs';

/** SPEC §3's provider kinds, in the spec's order (the contract's list). */
export { providerKinds as PROVIDER_KINDS } from '@nimbus/api/shared';

export const isProviderKind = (kind: string): kind is ProviderKind =>
  (providerKinds as readonly string[]).includes(kind);

const manage = (path: string) => `${servicePath('manage')}${path}`;
const segment = encodeURIComponent;
const clustersOf = (kind: string) => manage(`/providers/${segment(kind)}/clusters`);
const clusterPath = ({ kind, cluster }: ClusterAddress) =>
  `${clustersOf(kind)}/${segment(cluster)}`;

const afterSuccess = (_result: unknown, error: unknown): 'Cluster'[] => (error ? [] : ['Cluster']);

/** The message the server gave for a refused call, or what went wrong on the way. */
export function failureMessage(error: unknown): string {
  const data = (error as { data?: Partial<EnvelopeErrorData> } | undefined)?.data;
  if (typeof data?.message === 'string' && data.message) return data.message;
  const text = (error as { error?: unknown } | undefined)?.error;
  return typeof text === 'string' ? text : String((error as { status?: unknown }).status ?? '');
}

export const clusterApi = baseApi.enhanceEndpoints({ addTagTypes: ['Cluster'] }).injectEndpoints({
  endpoints: (build) => ({
    listSupportedProviders: build.query<ProviderInfo[], undefined>({
      query: () => manage('/supportproviders'),
      transformResponse: (data: ResponseFor<'listSupportedProviders'> | null) => data?.items ?? [],
    }),
    listProviders: build.query<ResponseFor<'listOrganizationProviders'>, ListArgs>({
      query: (args) =>
        listQuery(manage(`/organizations/${segment(args.organizationId)}/providers`), args),
      providesTags: ['Cluster'],
    }),
    createCluster: build.mutation<ClusterView, CreateClusterBody & Pick<ClusterAddress, 'kind'>>({
      query: ({ kind, ...body }) => ({ url: clustersOf(kind), method: 'POST', body }),
      invalidatesTags: afterSuccess,
    }),
    updateCluster: build.mutation<ClusterView, UpdateClusterBody & ClusterAddress>({
      query: ({ kind, cluster, ...body }) => ({
        url: clusterPath({ kind, cluster }),
        method: 'PUT',
        body,
      }),
      invalidatesTags: afterSuccess,
    }),
    deleteCluster: build.mutation<
      ResponseFor<'deleteCluster'>,
      ClusterAddress & BodyFor<'deleteCluster'>
    >({
      query: ({ kind, cluster, organizationId }) => ({
        url: clusterPath({ kind, cluster }),
        method: 'DELETE',
        body: { organizationId },
      }),
      invalidatesTags: afterSuccess,
    }),
    // The outcome is shown beside the button, so a refusal raises no notification.
    testCluster: build.mutation<
      ResponseFor<'testClusterConnection'>,
      TestClusterBody & ClusterAddress
    >({
      query: ({ kind, cluster, ...body }) => ({
        url: `${clusterPath({ kind, cluster })}/test`,
        method: 'POST',
        body,
      }),
      extraOptions: { silent: true },
    }),
  }),
});

export const {
  useListSupportedProvidersQuery,
  useListProvidersQuery,
  useCreateClusterMutation,
  useUpdateClusterMutation,
  useDeleteClusterMutation,
  useTestClusterMutation,
} = clusterApi;

import type { ResponseFor } from '@nimbus/api';
import { providerKinds, type ProviderKind } from '@nimbus/api/shared';
import { servicePath } from '../config/productHost';
import { baseApi } from './baseApi';
import type { EnvelopeErrorData } from './envelope';
import type { ItemList, ListArgs } from './iamApi';

/** SPEC §3's provider kinds, in the spec's order (the contract's list). */
export { providerKinds as PROVIDER_KINDS, type ProviderKind } from '@nimbus/api/shared';

export const isProviderKind = (kind: string): kind is ProviderKind =>
  (providerKinds as readonly string[]).includes(kind);

/** A provider kind as GET /supportproviders describes it. */
export type SupportedProvider = ResponseFor<'listSupportedProviders'>['items'][number];

/** A cluster of the organization as the caller sees it (SPEC §3 "Provider/cluster"). */
export type ProviderView = ResponseFor<'listOrganizationProviders'>['items'][number];

/** The cluster settings a create, update or test sends; credentials are write-only. */
export interface ClusterSettings {
  organizationId: string;
  region: string;
  vendorClusterId?: string;
  vendorProjectId?: string;
  credentials?: Record<string, unknown>;
}

export type CreateClusterBody = ClusterSettings & {
  name: string;
  credentials: Record<string, unknown>;
};

/** A registered cluster as the manage API answers a create or update. */
export interface ClusterView {
  name: string;
  uuid: string;
  kind: string;
  region: string;
  ready: boolean;
  kubernetesVersion?: string;
}

interface ClusterAddress {
  kind: string;
  cluster: string;
}

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
    listSupportedProviders: build.query<SupportedProvider[], undefined>({
      query: () => manage('/supportproviders'),
      // The operator answers {items}; a bare list is accepted as well.
      transformResponse: (data: SupportedProvider[] | { items?: SupportedProvider[] } | null) =>
        Array.isArray(data) ? data : (data?.items ?? []),
    }),
    listProviders: build.query<ItemList<ProviderView>, ListArgs>({
      query: ({ organizationId, page, pageSize, search }) => ({
        url: manage(`/organizations/${segment(organizationId)}/providers`),
        params: { page, pageSize, search: search || undefined },
      }),
      providesTags: ['Cluster'],
    }),
    createCluster: build.mutation<ClusterView, CreateClusterBody & { kind: string }>({
      query: ({ kind, ...body }) => ({ url: clustersOf(kind), method: 'POST', body }),
      invalidatesTags: afterSuccess,
    }),
    updateCluster: build.mutation<ClusterView, ClusterSettings & ClusterAddress>({
      query: ({ kind, cluster, ...body }) => ({
        url: clusterPath({ kind, cluster }),
        method: 'PUT',
        body,
      }),
      invalidatesTags: afterSuccess,
    }),
    deleteCluster: build.mutation<null, ClusterAddress & { organizationId: string }>({
      query: ({ kind, cluster, organizationId }) => ({
        url: clusterPath({ kind, cluster }),
        method: 'DELETE',
        body: { organizationId },
      }),
      invalidatesTags: afterSuccess,
    }),
    // The outcome is shown beside the button, so a refusal raises no notification.
    testCluster: build.mutation<
      { kubernetesVersion: string },
      Partial<ClusterSettings> & ClusterAddress & { organizationId: string; name?: string }
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

import type {
  BodyFor,
  ClusterLocation,
  CreateNamespaceBody,
  CrdCluster,
  NamespaceAddress,
  NamespaceDetail,
  NamespaceItem,
  ResponseFor,
} from '@nimbus/api';
import { endpointQuery, endpointRequest } from '../apiClient/endpointUrl';
import { baseApi } from '../apiClient/baseApi';
import type { LimitRangeSpecInput, PolicyWrite, QuotaSpecInput } from '../apiClient/requestArgs';
import { ResponseCode } from '../constants';

/** The largest page the operator serves; one page holds every cluster a user sees. */
const CLUSTER_PAGE_SIZE = 100;

const locationOf = ({ vendor, region, cluster }: ClusterLocation): ClusterLocation => ({
  vendor,
  region,
  cluster,
});
const namespaceTag = (address: NamespaceAddress) => ({
  type: 'Namespace' as const,
  id: `${address.vendor}/${address.region}/${address.cluster}/${address.name}`,
});
export const namespaceListTag = (location: ClusterLocation) => ({
  type: 'Namespace' as const,
  id: `${location.vendor}/${location.region}/${location.cluster}`,
});

function policyBody<S extends QuotaSpecInput | LimitRangeSpecInput>(write: PolicyWrite<S>) {
  return {
    ...locationOf(write),
    metadata: { name: write.name, namespace: write.namespace },
    spec: write.spec,
  };
}

function quotaWrite(write: PolicyWrite<QuotaSpecInput>) {
  const { namespace, name } = write;
  return write.replace
    ? endpointRequest('replaceResourceQuota', { namespace, name }, policyBody(write))
    : endpointRequest('createResourceQuota', { namespace }, policyBody(write));
}

function limitRangeWrite(write: PolicyWrite<LimitRangeSpecInput>) {
  const { namespace, name } = write;
  const body = policyBody(write) as BodyFor<'createLimitRange'>;
  return write.replace
    ? endpointRequest('replaceLimitRange', { namespace, name }, body)
    : endpointRequest('createLimitRange', { namespace }, body);
}

export const namespaceApi = baseApi
  .enhanceEndpoints({ addTagTypes: ['Namespace', 'Location'] })
  .injectEndpoints({
    endpoints: (build) => ({
      listLocations: build.query<CrdCluster[], undefined>({
        query: () => endpointQuery('listCrdClusters', {}, { page: 1, pageSize: CLUSTER_PAGE_SIZE }),
        transformResponse: (data: ResponseFor<'listCrdClusters'> | null) => data?.items ?? [],
        providesTags: ['Location'],
      }),
      // In the namespace selector a non-zero code stops loading with no message.
      listNamespaces: build.query<NamespaceItem[], ClusterLocation>({
        query: (location) => endpointRequest('listNamespaces', location),
        extraOptions: { silent: true },
        transformResponse: (data: ResponseFor<'listNamespaces'> | null) => data?.items ?? [],
        providesTags: (_result, _error, location) => [namespaceListTag(location)],
      }),
      getNamespace: build.query<NamespaceDetail, NamespaceAddress>({
        query: (address) =>
          endpointRequest('getNamespace', { ...address, namespace: address.name }),
        providesTags: (_result, _error, address) => [namespaceTag(address)],
      }),
      // The form answers a duplicate name (conflict) beside the name field.
      createNamespace: build.mutation<NamespaceDetail, CreateNamespaceBody & ClusterLocation>({
        query: (body) => endpointRequest('createNamespace', {}, body),
        extraOptions: { expectedCodes: [ResponseCode.conflict] },
        invalidatesTags: (_result, error, body) => (error ? [] : [namespaceListTag(body)]),
      }),
      saveResourceQuota: build.mutation<
        ResponseFor<'createResourceQuota'>,
        PolicyWrite<QuotaSpecInput>
      >({
        query: quotaWrite,
        invalidatesTags: (_result, error, write) =>
          error ? [] : [namespaceTag({ ...write, name: write.namespace })],
      }),
      saveLimitRange: build.mutation<
        ResponseFor<'createLimitRange'>,
        PolicyWrite<LimitRangeSpecInput>
      >({
        query: limitRangeWrite,
        invalidatesTags: (_result, error, write) =>
          error ? [] : [namespaceTag({ ...write, name: write.namespace })],
      }),
      deleteNamespace: build.mutation<ResponseFor<'deleteNamespace'>, NamespaceAddress>({
        query: (address) => endpointRequest('deleteNamespace', address),
        invalidatesTags: (_result, error, address) => (error ? [] : [namespaceListTag(address)]),
      }),
    }),
  });

export const {
  useListLocationsQuery,
  useListNamespacesQuery,
  useGetNamespaceQuery,
  useCreateNamespaceMutation,
  useSaveResourceQuotaMutation,
  useSaveLimitRangeMutation,
  useDeleteNamespaceMutation,
} = namespaceApi;

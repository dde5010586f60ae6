import type {
  ClusterLocation,
  CreateNamespaceBody,
  CrdCluster,
  LimitRangeSpec,
  NamespaceAddress,
  NamespaceDetail,
  NamespaceItem,
  ResourceQuotaSpec,
  ResponseFor,
} from '@nimbus/api';
import { servicePath } from '../config/productHost';
import { baseApi } from '../apiClient/baseApi';
import type { PolicyWrite } from '../apiClient/requestArgs';
import { crdAt, k8sAt } from '../resources/location';
import { ResponseCode } from '../constants';

/** The largest page the operator serves; one page holds every cluster a user sees. */
const CLUSTER_PAGE_SIZE = 100;

const segment = encodeURIComponent;
const k8s = (path: string) => `${servicePath('k8s')}${path}`;
const locationOf = ({ vendor, region, cluster }: ClusterLocation): ClusterLocation => ({
  vendor,
  region,
  cluster,
});
const namespaceTag = (address: NamespaceAddress) => ({
  type: 'Namespace' as const,
  id: `${address.vendor}/${address.region}/${address.cluster}/${address.name}`,
});
const listTag = (location: ClusterLocation) => ({
  type: 'Namespace' as const,
  id: `${location.vendor}/${location.region}/${location.cluster}`,
});

function policyWrite<S extends ResourceQuotaSpec | LimitRangeSpec>(
  kind: 'resourcequotas' | 'limitranges',
  write: PolicyWrite<S>,
) {
  const base = `/namespaces/${segment(write.namespace)}/${kind}`;
  return {
    url: k8s(write.replace ? `${base}/${segment(write.name)}` : base),
    method: write.replace ? 'PUT' : 'POST',
    body: {
      ...locationOf(write),
      metadata: { name: write.name, namespace: write.namespace },
      spec: write.spec,
    },
  };
}

export const namespaceApi = baseApi
  .enhanceEndpoints({ addTagTypes: ['Namespace', 'Location'] })
  .injectEndpoints({
    endpoints: (build) => ({
      listLocations: build.query<CrdCluster[], undefined>({
        query: () => ({
          url: `${servicePath('crd')}/clusters`,
          params: { page: 1, pageSize: CLUSTER_PAGE_SIZE },
        }),
        transformResponse: (data: ResponseFor<'listCrdClusters'> | null) => data?.items ?? [],
        providesTags: ['Location'],
      }),
      // SPEC §8: in the namespace selector a non-zero code stops loading with no message.
      listNamespaces: build.query<NamespaceItem[], ClusterLocation>({
        query: (location) => `${k8sAt(location)}/namespaces`,
        extraOptions: { silent: true },
        transformResponse: (data: ResponseFor<'listNamespaces'> | null) => data?.items ?? [],
        providesTags: (_result, _error, location) => [listTag(location)],
      }),
      getNamespace: build.query<NamespaceDetail, NamespaceAddress>({
        query: (address) => `${crdAt(address)}/namespaces/${segment(address.name)}`,
        providesTags: (_result, _error, address) => [namespaceTag(address)],
      }),
      // The form answers a duplicate name (conflict) beside the name field.
      createNamespace: build.mutation<NamespaceDetail, CreateNamespaceBody & ClusterLocation>({
        query: (body) => ({ url: k8s('/namespaces'), method: 'POST', body }),
        extraOptions: { expectedCodes: [ResponseCode.conflict] },
        invalidatesTags: (_result, error, body) => (error ? [] : [listTag(body)]),
      }),
      saveResourceQuota: build.mutation<
        ResponseFor<'createResourceQuota'>,
        PolicyWrite<ResourceQuotaSpec>
      >({
        query: (write) => policyWrite('resourcequotas', write),
        invalidatesTags: (_result, error, write) =>
          error ? [] : [namespaceTag({ ...write, name: write.namespace })],
      }),
      saveLimitRange: build.mutation<ResponseFor<'createLimitRange'>, PolicyWrite<LimitRangeSpec>>({
        query: (write) => policyWrite('limitranges', write),
        invalidatesTags: (_result, error, write) =>
          error ? [] : [namespaceTag({ ...write, name: write.namespace })],
      }),
      deleteNamespace: build.mutation<ResponseFor<'deleteNamespace'>, NamespaceAddress>({
        query: (address) => ({
          url: `${k8sAt(address)}/namespaces/${segment(address.name)}`,
          method: 'DELETE',
        }),
        invalidatesTags: (_result, error, address) => (error ? [] : [listTag(address)]),
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

import type { ResponseFor } from '@nimbus/api';
import { servicePath } from '../config/productHost';
import type { KubeObject, ListedPage } from '../resources/kubeObject';
import { crdAt } from '../resources/location';
import { baseApi } from '../apiClient/baseApi';
import type { ResourceAddress, ResourceFilters, ResourceMapUpdate } from '../apiClient/requestArgs';

/** The most clusters one request asks for; nobody picks from more in a select. */
export const CLUSTER_LIST_SIZE = 100;

/** The cache tag of one object's live read; writes through other endpoints invalidate it too. */
export const resourceTag = (
  address: Pick<ResourceAddress, 'cluster' | 'plural' | 'namespace' | 'name'>,
) => ({
  type: 'Resource' as const,
  id: `${address.cluster}/${address.plural}/${address.namespace ?? ''}/${address.name}`,
});

export const resourceApi = baseApi
  .enhanceEndpoints({ addTagTypes: ['Resource', 'ResourceList'] })
  .injectEndpoints({
    endpoints: (build) => ({
      listCrdClusters: build.query<ResponseFor<'listCrdClusters'>, undefined>({
        query: () => ({
          url: `${servicePath('crd')}/clusters`,
          params: { page: 1, pageSize: CLUSTER_LIST_SIZE },
        }),
      }),
      listResources: build.infiniteQuery<ListedPage, ResourceFilters, string>({
        infiniteQueryOptions: {
          initialPageParam: '',
          getNextPageParam: (lastPage) => lastPage.nextCursor || undefined,
        },
        query: ({ queryArg: { plural, labels, ...filters }, pageParam }) => {
          const params = new URLSearchParams();
          for (const [key, value] of Object.entries(filters)) {
            if (value !== undefined && value !== '') params.set(key, String(value));
          }
          for (const label of labels ?? []) params.append('label', label);
          if (pageParam) params.set('cursor', pageParam);
          return `${servicePath('crd')}/${encodeURIComponent(plural)}?${params.toString()}`;
        },
        providesTags: ['ResourceList'],
      }),
      getResource: build.query<KubeObject, ResourceAddress>({
        query: (address) => ({
          url: `${crdAt(address)}/resources/${encodeURIComponent(address.plural)}/${encodeURIComponent(address.name)}`,
          // No empty query: a cluster-scoped object's path ends at its name.
          ...(address.namespace ? { params: { namespace: address.namespace } } : {}),
        }),
        providesTags: (_result, _error, address) => [resourceTag(address)],
      }),
      updateResourceMap: build.mutation<KubeObject, ResourceMapUpdate>({
        query: ({ address, field, values }) => ({
          url: `${crdAt(address)}/resources/${field}`,
          method: 'PUT',
          body: {
            vendor: address.vendor,
            region: address.region,
            cluster: address.cluster,
            name: address.name,
            ...(address.namespace ? { namespace: address.namespace } : {}),
            type: address.plural,
            [field]: values,
          },
        }),
        invalidatesTags: (_result, error, { address }) =>
          error ? [] : [resourceTag(address), 'ResourceList'],
      }),
    }),
  });

export const {
  useListCrdClustersQuery,
  useListResourcesInfiniteQuery,
  useGetResourceQuery,
  useUpdateResourceMapMutation,
} = resourceApi;

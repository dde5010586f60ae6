import type { CrdCluster, ResponseFor } from '@nimbus/api';
import { endpointQuery, endpointRequest } from '../apiClient/endpointUrl';
import type { KubeObject, ListedPage } from '../resources/kubeObject';
import { baseApi } from '../apiClient/baseApi';
import type {
  ResourceAddress,
  ResourceFilters,
  ResourceMapUpdate,
  ResourcePageArgs,
} from '../apiClient/requestArgs';

/** The most clusters one request asks for; nobody picks from more in a select. */
const CLUSTER_LIST_SIZE = 100;

/** The cache tag of one object's live read; writes through other endpoints invalidate it too. */
export const resourceTag = (
  address: Pick<ResourceAddress, 'cluster' | 'plural' | 'namespace' | 'name'>,
) => ({
  type: 'Resource' as const,
  id: `${address.cluster}/${address.plural}/${address.namespace ?? ''}/${address.name}`,
});

/** A list's filters as the list and export queries send them: one left empty is no filter. */
export const listFilterQuery = ({
  cluster,
  namespace,
  name,
  labels,
}: Pick<ResourceFilters, 'cluster' | 'namespace' | 'name' | 'labels'>) => ({
  cluster: cluster || undefined,
  namespace: namespace || undefined,
  name: name || undefined,
  label: labels && [...labels],
});

/** A list's order as the list and export queries send it: the server's defaults are left out. */
export const listOrderQuery = ({ sort, order }: Pick<ResourcePageArgs, 'sort' | 'order'>) => ({
  sort: sort === 'name' ? undefined : sort,
  order: order === 'asc' ? undefined : order,
});

export const resourceApi = baseApi
  .enhanceEndpoints({ addTagTypes: ['Resource', 'ResourceList'] })
  .injectEndpoints({
    endpoints: (build) => ({
      listCrdClusters: build.query<ResponseFor<'listCrdClusters'>, undefined>({
        query: () => endpointQuery('listCrdClusters', {}, { page: 1, pageSize: CLUSTER_LIST_SIZE }),
      }),
      /** One cluster the caller may see, by name, as the crd lists show it; none when hidden. */
      findCrdCluster: build.query<CrdCluster | null, string>({
        query: (name) =>
          endpointQuery('listCrdClusters', {}, { cluster: name, page: 1, pageSize: 1 }),
        transformResponse: (data: ResponseFor<'listCrdClusters'> | null) => data?.items[0] ?? null,
      }),
      listResources: build.infiniteQuery<ListedPage, ResourceFilters, string>({
        infiniteQueryOptions: {
          initialPageParam: '',
          getNextPageParam: (lastPage) => lastPage.nextCursor || undefined,
        },
        query: ({ queryArg: { plural, labels, cluster, namespace, name, pageSize }, pageParam }) =>
          endpointQuery(
            'listKind',
            { kind: plural },
            {
              ...listFilterQuery({ labels, cluster, namespace, name }),
              pageSize,
              cursor: pageParam || undefined,
            },
          ),
        providesTags: ['ResourceList'],
      }),
      /** One keyset page of a list screen, in its order; the cursor comes from the page before. */
      listResourcesPage: build.query<ListedPage, ResourcePageArgs>({
        query: ({ plural, labels, cluster, namespace, name, pageSize, sort, order, cursor }) =>
          endpointQuery(
            'listKind',
            { kind: plural },
            {
              ...listFilterQuery({ labels, cluster, namespace, name }),
              ...listOrderQuery({ sort, order }),
              pageSize,
              cursor: cursor || undefined,
            },
          ),
        providesTags: ['ResourceList'],
      }),
      getResource: build.query<KubeObject, ResourceAddress>({
        query: (address) =>
          // No empty query: a cluster-scoped object's path ends at its name.
          endpointQuery(
            'getResource',
            { ...address, kind: address.plural },
            { namespace: address.namespace || undefined },
          ),
        providesTags: (_result, _error, address) => [resourceTag(address)],
      }),
      updateResourceMap: build.mutation<KubeObject, ResourceMapUpdate>({
        query: ({ address, field, values }) => {
          const target = {
            vendor: address.vendor,
            region: address.region,
            cluster: address.cluster,
            name: address.name,
            ...(address.namespace ? { namespace: address.namespace } : {}),
            type: address.plural,
          };
          return field === 'labels'
            ? endpointRequest('replaceLabels', address, { ...target, labels: values })
            : endpointRequest('replaceAnnotations', address, { ...target, annotations: values });
        },
        invalidatesTags: (_result, error, { address }) =>
          error ? [] : [resourceTag(address), 'ResourceList'],
      }),
    }),
  });

export const {
  useListCrdClustersQuery,
  useFindCrdClusterQuery,
  useListResourcesInfiniteQuery,
  useListResourcesPageQuery,
  useGetResourceQuery,
  useUpdateResourceMapMutation,
} = resourceApi;

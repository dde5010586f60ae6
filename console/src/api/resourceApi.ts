import type { ResponseFor } from '@nimbus/api';
import { servicePath } from '../config/productHost';
import type { KubeObject, ListedObject } from '../resources/kubeObject';
import { crdAt, type ClusterLocation } from '../resources/location';
import { baseApi } from './baseApi';

/** A cluster as GET /crd.{host}/clusters lists it for the caller. */
export type CrdCluster = ResponseFor<'listCrdClusters'>['items'][number];

export interface ResourceFilters {
  plural: string;
  cluster?: string;
  namespace?: string;
  /** `Key:Val` entries (SPEC §5). */
  labels?: readonly string[];
  name?: string;
  pageSize: number;
}

/** One keyset page of an index list. */
export interface ResourcePage {
  items: ListedObject[];
  nextCursor?: string;
}

export interface ResourceAddress extends ClusterLocation {
  plural: string;
  name: string;
  namespace?: string;
}

export type MapField = 'labels' | 'annotations';

export interface ResourceMapUpdate {
  address: ResourceAddress;
  field: MapField;
  values: Record<string, string>;
}

/** The most clusters one request asks for; nobody picks from more in a select. */
export const CLUSTER_LIST_SIZE = 100;

const resourceTag = (address: ResourceAddress) => ({
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
      listResources: build.infiniteQuery<ResourcePage, ResourceFilters, string>({
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
          params: address.namespace ? { namespace: address.namespace } : {},
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

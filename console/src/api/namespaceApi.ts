import type { BodyFor, ResponseFor } from '@nimbus/api';
import { servicePath } from '../config/productHost';
import { baseApi } from './baseApi';
import type { ProviderView } from './clusterApi';

/** Where a namespace lives: the cluster's vendor (provider kind), region and name. */
export interface ClusterLocation {
  vendor: string;
  region: string;
  cluster: string;
}

export type NamespaceAddress = ClusterLocation & { name: string };

/** A namespace as the member cluster lists it (SPEC §3: metadata.name and status.phase). */
export type NamespaceItem = ResponseFor<'listNamespaces'>['items'][number];

/** The create call's body (the contract's), placed at a cluster. */
export type CreateNamespaceBody = BodyFor<'createNamespace'> & ClusterLocation;
/** CPU and memory as Kubernetes quantities, e.g. 500m and 512Mi. */
export type Quantities = NonNullable<CreateNamespaceBody['resourceQuota']>;
/** The create call's limit range; Kubernetes refuses default values for type Pod. */
export type LimitRangeInput = NonNullable<CreateNamespaceBody['limitRange']>;
export type PodLimits = NonNullable<LimitRangeInput['pod']>;
export type ContainerLimits = NonNullable<LimitRangeInput['container']>;

export interface ObjectMeta {
  name: string;
  namespace?: string;
  uid?: string;
  creationTimestamp?: string;
}

export interface ResourceQuotaSpec {
  hard?: Record<string, string>;
  scopes?: string[];
}

export interface ResourceQuotaObject {
  metadata: ObjectMeta;
  spec?: ResourceQuotaSpec;
  status?: { hard?: Record<string, string>; used?: Record<string, string> };
}

export interface LimitRangeItem {
  type: string;
  max?: Record<string, string>;
  min?: Record<string, string>;
  default?: Record<string, string>;
  defaultRequest?: Record<string, string>;
}

export interface LimitRangeSpec {
  limits: LimitRangeItem[];
}

export interface LimitRangeObject {
  metadata: ObjectMeta;
  spec?: Partial<LimitRangeSpec>;
}

/** The contract's namespace detail, with its quotas and limit ranges read as Kubernetes shapes. */
export type NamespaceDetail = Omit<
  ResponseFor<'getNamespace'>,
  'resourceQuotas' | 'limitRanges'
> & {
  resourceQuotas: ResourceQuotaObject[];
  limitRanges: LimitRangeObject[];
};

/** A quota or limit range write: POST creates `name`, PUT (`replace`) replaces its spec. */
export interface PolicyWrite<S> extends ClusterLocation {
  namespace: string;
  name: string;
  replace: boolean;
  spec: S;
}

/** The cluster at a location as GET /crd.{host}/clusters lists it. */
export type LocationCluster = ProviderView & { organization?: string };

/** The largest page the operator serves; one page holds every cluster a user sees. */
const CLUSTER_PAGE_SIZE = 100;

const segment = encodeURIComponent;
const locationPath = ({ vendor, region, cluster }: ClusterLocation) =>
  `/vendors/${segment(vendor)}/regions/${segment(region)}/clusters/${segment(cluster)}`;
const crdAt = (location: ClusterLocation) => `${servicePath('crd')}${locationPath(location)}`;
const k8sAt = (location: ClusterLocation) => `${servicePath('k8s')}${locationPath(location)}`;
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

function policyWrite<S>(kind: 'resourcequotas' | 'limitranges', write: PolicyWrite<S>) {
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
      listLocations: build.query<LocationCluster[], undefined>({
        query: () => ({
          url: `${servicePath('crd')}/clusters`,
          params: { page: 1, pageSize: CLUSTER_PAGE_SIZE },
        }),
        transformResponse: (data: { items?: LocationCluster[] } | null) => data?.items ?? [],
        providesTags: ['Location'],
      }),
      // SPEC §8: in the namespace selector a non-zero code stops loading with no message.
      listNamespaces: build.query<NamespaceItem[], ClusterLocation>({
        query: (location) => `${k8sAt(location)}/namespaces`,
        extraOptions: { silent: true },
        transformResponse: (data: { items?: NamespaceItem[] } | null) => data?.items ?? [],
        providesTags: (_result, _error, location) => [listTag(location)],
      }),
      getNamespace: build.query<NamespaceDetail, NamespaceAddress>({
        query: (address) => `${crdAt(address)}/namespaces/${segment(address.name)}`,
        providesTags: (_result, _error, address) => [namespaceTag(address)],
      }),
      // The form answers a duplicate name (1005) beside the name field.
      createNamespace: build.mutation<NamespaceDetail, CreateNamespaceBody>({
        query: (body) => ({ url: k8s('/namespaces'), method: 'POST', body }),
        extraOptions: { expectedCodes: [1005] },
        invalidatesTags: (_result, error, body) => (error ? [] : [listTag(body)]),
      }),
      saveResourceQuota: build.mutation<unknown, PolicyWrite<ResourceQuotaSpec>>({
        query: (write) => policyWrite('resourcequotas', write),
        invalidatesTags: (_result, error, write) =>
          error ? [] : [namespaceTag({ ...write, name: write.namespace })],
      }),
      saveLimitRange: build.mutation<unknown, PolicyWrite<LimitRangeSpec>>({
        query: (write) => policyWrite('limitranges', write),
        invalidatesTags: (_result, error, write) =>
          error ? [] : [namespaceTag({ ...write, name: write.namespace })],
      }),
      deleteNamespace: build.mutation<unknown, NamespaceAddress>({
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

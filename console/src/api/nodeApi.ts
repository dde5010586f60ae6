import type {
  BodyFor,
  ClusterDetail,
  ClusterLocation,
  NodeAddress,
  NodeDetail,
  QueryFor,
  ResponseFor,
  Taint,
} from '@nimbus/api';
import { servicePath } from '../config/productHost';
import type { ListedPage } from '../resources/kubeObject';
import { crdAt, k8sAt } from '../resources/location';
import { baseApi } from '../apiClient/baseApi';
import { resourceTag } from './resourceApi';

export { taintEffects as TAINT_EFFECTS } from '@nimbus/api/shared';

/** The most nodes the topology reads in one request (the index's largest page). */
export const TOPOLOGY_NODE_LIMIT = 500;
export const NODE_PODS_PAGE_SIZE = 50;

const nodePath = (address: NodeAddress) =>
  `${crdAt(address)}/nodes/${encodeURIComponent(address.node)}`;
const nodeTag = (address: NodeAddress) => ({
  type: 'Node' as const,
  id: `${address.cluster}/${address.node}`,
});
/** The node as the generic detail page reads it (its actions and YAML follow the write). */
const nodeObjectTag = (address: NodeAddress) =>
  resourceTag({ cluster: address.cluster, plural: 'nodes', name: address.node });

export const nodeApi = baseApi
  .enhanceEndpoints({ addTagTypes: ['Node', 'Resource', 'ResourceList'] })
  .injectEndpoints({
    endpoints: (build) => ({
      getClusterDetail: build.query<ClusterDetail, ClusterLocation>({
        query: (location) => crdAt(location),
      }),
      listAllNodes: build.query<ListedPage, undefined>({
        query: () => ({
          url: `${servicePath('crd')}/nodes`,
          params: { pageSize: TOPOLOGY_NODE_LIMIT },
        }),
        providesTags: ['ResourceList'],
      }),
      getNode: build.query<NodeDetail, NodeAddress>({
        query: nodePath,
        providesTags: (_result, _error, address) => [nodeTag(address)],
      }),
      listNodePods: build.infiniteQuery<ResponseFor<'listNodePods'>, NodeAddress, string>({
        infiniteQueryOptions: {
          initialPageParam: '',
          getNextPageParam: (lastPage) => lastPage.nextCursor || undefined,
        },
        query: ({ queryArg, pageParam }) => ({
          url: `${nodePath(queryArg)}/pods`,
          params: {
            pageSize: NODE_PODS_PAGE_SIZE,
            ...(pageParam ? { cursor: pageParam } : {}),
          } satisfies QueryFor<'listNodePods'>,
        }),
      }),
      listNodeEvents: build.query<ResponseFor<'listNodeEvents'>, NodeAddress>({
        query: (address) => `${nodePath(address)}/events`,
      }),
      setNodeUnschedulable: build.mutation<NodeDetail, NodeAddress & { unschedulable: boolean }>({
        query: ({ unschedulable, ...address }) => ({
          url: nodePath(address),
          method: 'PUT',
          params: {
            unschedulable: unschedulable ? 'true' : 'false',
          } satisfies QueryFor<'cordonNode'>,
        }),
        invalidatesTags: (_result, error, address) =>
          error ? [] : [nodeTag(address), nodeObjectTag(address), 'ResourceList'],
      }),
      updateNodeTaints: build.mutation<NodeDetail, NodeAddress & { taints: Taint[] }>({
        query: ({ taints, ...address }) => ({
          url: `${k8sAt(address)}/nodes/${encodeURIComponent(address.node)}`,
          method: 'PUT',
          body: { taints } satisfies BodyFor<'updateNodeMetadata'>,
        }),
        invalidatesTags: (_result, error, address) =>
          error ? [] : [nodeTag(address), nodeObjectTag(address)],
      }),
    }),
  });

export const {
  useGetClusterDetailQuery,
  useListAllNodesQuery,
  useGetNodeQuery,
  useListNodePodsInfiniteQuery,
  useListNodeEventsQuery,
  useSetNodeUnschedulableMutation,
  useUpdateNodeTaintsMutation,
} = nodeApi;

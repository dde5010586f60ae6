import type {
  BodyFor,
  ClusterDetail,
  ClusterLocation,
  NodeAddress,
  NodeDetail,
  ResponseFor,
  Taint,
} from '@nimbus/api';
import { endpointQuery, endpointRequest } from '../apiClient/endpointUrl';
import type { ListedPage } from '../resources/kubeObject';
import { baseApi } from '../apiClient/baseApi';
import { resourceTag } from './resourceApi';

export { taintEffects as TAINT_EFFECTS } from '@nimbus/api/shared';

/** The most nodes the topology reads in one request (the index's largest page). */
const TOPOLOGY_NODE_LIMIT = 500;
const NODE_PODS_PAGE_SIZE = 50;

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
        query: (location) => endpointRequest('getCluster', location),
      }),
      listAllNodes: build.query<ListedPage, undefined>({
        query: () =>
          endpointQuery('listKind', { kind: 'nodes' }, { pageSize: TOPOLOGY_NODE_LIMIT }),
        providesTags: ['ResourceList'],
      }),
      getNode: build.query<NodeDetail, NodeAddress>({
        query: (address) => endpointRequest('getNode', address),
        providesTags: (_result, _error, address) => [nodeTag(address)],
      }),
      listNodePods: build.infiniteQuery<ResponseFor<'listNodePods'>, NodeAddress, string>({
        infiniteQueryOptions: {
          initialPageParam: '',
          getNextPageParam: (lastPage) => lastPage.nextCursor || undefined,
        },
        query: ({ queryArg, pageParam }) =>
          endpointQuery('listNodePods', queryArg, {
            pageSize: NODE_PODS_PAGE_SIZE,
            cursor: pageParam || undefined,
          }),
      }),
      listNodeEvents: build.query<ResponseFor<'listNodeEvents'>, NodeAddress>({
        query: (address) => endpointRequest('listNodeEvents', address),
      }),
      setNodeUnschedulable: build.mutation<NodeDetail, NodeAddress & { unschedulable: boolean }>({
        query: ({ unschedulable, ...address }) =>
          endpointRequest('cordonNode', address, undefined, {
            unschedulable: unschedulable ? 'true' : 'false',
          }),
        invalidatesTags: (_result, error, address) =>
          error ? [] : [nodeTag(address), nodeObjectTag(address), 'ResourceList'],
      }),
      updateNodeTaints: build.mutation<NodeDetail, NodeAddress & { taints: Taint[] }>({
        query: ({ taints, ...address }) =>
          endpointRequest('updateNodeMetadata', address, {
            taints,
          } satisfies BodyFor<'updateNodeMetadata'>),
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

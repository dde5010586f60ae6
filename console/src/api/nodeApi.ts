import { servicePath } from '../config/productHost';
import type { ListedObject } from '../resources/kubeObject';
import { crdAt, k8sAt, type ClusterLocation } from '../resources/location';
import { baseApi } from './baseApi';
import type { CrdCluster } from './resourceApi';

export type TaintEffect = 'NoSchedule' | 'PreferNoSchedule' | 'NoExecute';
export const TAINT_EFFECTS: readonly TaintEffect[] = [
  'NoSchedule',
  'PreferNoSchedule',
  'NoExecute',
];

export interface Taint {
  key: string;
  value?: string;
  effect: TaintEffect;
}

export interface NodeCondition {
  type: string;
  status: string;
  reason?: string;
  message?: string;
  lastTransitionTime?: string;
}

export type ResourceFigures = Partial<Record<'cpu' | 'memory' | 'pods', string>>;

/** GET crdAt/nodes/:node (SPEC §3 node fields). */
export interface NodeDetail {
  name: string;
  uid: string;
  createdAt: string;
  ready: boolean;
  unschedulable: boolean;
  roles: string[];
  internalIP?: string;
  kubeletVersion: string;
  osImage: string;
  kernelVersion: string;
  kubeProxyVersion: string;
  containerRuntimeVersion: string;
  architecture: string;
  operatingSystem: string;
  taints: Taint[];
  labels: Record<string, string>;
  annotations: Record<string, string>;
  capacity: ResourceFigures;
  allocatable: ResourceFigures;
  conditions: NodeCondition[];
}

export interface NodePod {
  name: string;
  namespace: string;
  phase: string;
  ready: string;
  restarts: number;
  podIP?: string;
  createdAt: string;
  tolerations?: unknown[];
}

export interface NodeEvent {
  type: string;
  reason: string;
  message: string;
  count: number;
  firstTimestamp?: string;
  lastTimestamp?: string;
  source?: string;
}

/** GET crdAt: the cluster with node figures from the index. */
export type ClusterDetail = CrdCluster & {
  kubernetesVersion?: string;
  nodeCount: number;
  readyNodeCount: number;
  lastProbeTime?: string;
  capacity?: ResourceFigures;
  allocatable?: ResourceFigures;
};

export interface NodeAddress extends ClusterLocation {
  node: string;
}

/** The most nodes the topology reads in one request (the index's largest page). */
export const TOPOLOGY_NODE_LIMIT = 500;
export const NODE_PODS_PAGE_SIZE = 50;

const nodePath = (address: NodeAddress) =>
  `${crdAt(address)}/nodes/${encodeURIComponent(address.node)}`;
const nodeTag = (address: NodeAddress) => ({
  type: 'Node' as const,
  id: `${address.cluster}/${address.node}`,
});

export const nodeApi = baseApi
  .enhanceEndpoints({ addTagTypes: ['Node', 'ResourceList'] })
  .injectEndpoints({
    endpoints: (build) => ({
      getClusterDetail: build.query<ClusterDetail, ClusterLocation>({
        query: (location) => crdAt(location),
      }),
      listAllNodes: build.query<{ items: ListedObject[]; nextCursor?: string }, undefined>({
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
      listNodePods: build.infiniteQuery<
        { items: NodePod[]; nextCursor?: string },
        NodeAddress,
        string
      >({
        infiniteQueryOptions: {
          initialPageParam: '',
          getNextPageParam: (lastPage) => lastPage.nextCursor || undefined,
        },
        query: ({ queryArg, pageParam }) => ({
          url: `${nodePath(queryArg)}/pods`,
          params: { pageSize: NODE_PODS_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) },
        }),
      }),
      listNodeEvents: build.query<{ items: NodeEvent[] }, NodeAddress>({
        query: (address) => `${nodePath(address)}/events`,
      }),
      setNodeUnschedulable: build.mutation<NodeDetail, NodeAddress & { unschedulable: boolean }>({
        query: ({ unschedulable, ...address }) => ({
          url: nodePath(address),
          method: 'PUT',
          params: { unschedulable: String(unschedulable) },
        }),
        invalidatesTags: (_result, error, address) =>
          error ? [] : [nodeTag(address), 'ResourceList'],
      }),
      updateNodeTaints: build.mutation<NodeDetail, NodeAddress & { taints: Taint[] }>({
        query: ({ taints, ...address }) => ({
          url: `${k8sAt(address)}/nodes/${encodeURIComponent(address.node)}`,
          method: 'PUT',
          body: { taints },
        }),
        invalidatesTags: (_result, error, address) => (error ? [] : [nodeTag(address)]),
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

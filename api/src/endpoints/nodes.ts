import { locationPath, locationSchema } from '../schemas/common.js';
import {
  cordonQuery,
  nodeMetadataBody,
  nodeName,
  nodePodsQuery,
} from '../schemas/node-requests.js';
import {
  clusterDetailSchema,
  nodeDetailSchema,
  nodeEventsSchema,
  nodePodsSchema,
} from '../schemas/nodes.js';
import { endpoint, json } from '../endpoint.js';

const crdAt = `/crd.{host}${locationPath}`;
const k8sAt = `/k8s.{host}${locationPath}`;
const nodeParams = locationSchema.extend({ node: nodeName });
// Member calls as the caller: 9997 up front when the cluster is denied, then the member's RBAC.
const asCaller = {
  allow: 'authenticated' as const,
  note: 'Then the member decides as the caller.',
};

export const nodeEndpoints = {
  getCluster: endpoint({
    method: 'GET',
    path: crdAt,
    access: {
      allow: 'authenticated',
      permission: { name: 'cluster:view', on: 'cluster' },
      note: 'Clusters the caller may see (effect Allow).',
    },
    summary: 'One cluster: status, version, nodes, capacity',
    tag: 'crd',
    params: locationSchema,
    response: json(clusterDetailSchema),
  }),
  getNode: endpoint({
    method: 'GET',
    path: `${crdAt}/nodes/:node`,
    access: asCaller,
    summary: 'Node detail',
    tag: 'crd',
    params: nodeParams,
    response: json(nodeDetailSchema),
  }),
  listNodePods: endpoint({
    method: 'GET',
    path: `${crdAt}/nodes/:node/pods`,
    access: asCaller,
    summary: 'Pods on a node',
    tag: 'crd',
    params: nodeParams,
    query: nodePodsQuery,
    response: json(nodePodsSchema),
  }),
  listNodeEvents: endpoint({
    method: 'GET',
    path: `${crdAt}/nodes/:node/events`,
    access: asCaller,
    summary: 'Events of a node',
    tag: 'crd',
    params: nodeParams,
    response: json(nodeEventsSchema),
  }),
  cordonNode: endpoint({
    method: 'PUT',
    path: `${crdAt}/nodes/:node`,
    access: asCaller,
    summary: 'Cordon or uncordon a node (query)',
    tag: 'crd',
    params: nodeParams,
    query: cordonQuery,
    response: json(nodeDetailSchema),
  }),
  updateNodeMetadata: endpoint({
    method: 'PUT',
    path: `${k8sAt}/nodes/:node`,
    access: asCaller,
    summary: 'Node labels, annotations, taints',
    tag: 'k8s',
    params: nodeParams,
    body: nodeMetadataBody,
    response: json(nodeDetailSchema),
  }),
} as const;

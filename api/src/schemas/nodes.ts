import { z } from 'zod';
import { conditionSchema, cursorPageOf, stringMap } from './common.js';
import { taintEffects } from '../shared/nodes.js';
import { kindRowSchema } from './kube.js';
import { crdClusterSchema } from './providers.js';

export const taintViewSchema = z.object({
  key: z.string(),
  value: z.string().optional(),
  effect: z.enum(taintEffects),
  timeAdded: z.string().optional(),
});
export type TaintView = z.output<typeof taintViewSchema>;

export const nodeConditionSchema = conditionSchema.pick({
  type: true,
  status: true,
  reason: true,
  message: true,
  lastTransitionTime: true,
});
export type NodeCondition = z.output<typeof nodeConditionSchema>;

/** The node as the node detail page shows it, read live as the caller. */
export const nodeDetailSchema = z.object({
  name: z.string(),
  uid: z.string(),
  createdAt: z.string(),
  ready: z.boolean(),
  unschedulable: z.boolean(),
  /** As kubectl prints them (node-role.kubernetes.io/<role> and the legacy label). */
  roles: z.array(z.string()),
  internalIP: z.string(),
  kubeletVersion: z.string(),
  osImage: z.string(),
  kernelVersion: z.string(),
  kubeProxyVersion: z.string(),
  containerRuntimeVersion: z.string(),
  architecture: z.string(),
  operatingSystem: z.string(),
  taints: z.array(taintViewSchema),
  labels: stringMap,
  annotations: stringMap,
  /** Kubernetes quantities as the member reports them ("4", "16310840Ki", "110"). */
  capacity: stringMap,
  allocatable: stringMap,
  conditions: z.array(nodeConditionSchema),
});
export type NodeDetail = z.output<typeof nodeDetailSchema>;

/** The pods on a node, as rows of the Pod list columns. */
export const nodePodsSchema = cursorPageOf(kindRowSchema);

export const nodeEventSchema = z.object({
  type: z.string(),
  reason: z.string(),
  message: z.string(),
  count: z.number().int().min(0),
  firstTimestamp: z.string(),
  lastTimestamp: z.string(),
  source: z.string(),
});
export type NodeEvent = z.output<typeof nodeEventSchema>;
export const nodeEventsSchema = z.object({ items: z.array(nodeEventSchema) });

/** cpu in cores, memory in bytes, pods as a count: numbers, summed over the cluster's nodes. */
export const resourceTotalsSchema = z.object({
  cpu: z.number().min(0),
  memory: z.number().min(0),
  pods: z.number().min(0),
});
export type ResourceTotals = z.output<typeof resourceTotalsSchema>;

/** One cluster as its detail page shows it: provider view, status, node figures from the index. */
export const clusterDetailSchema = crdClusterSchema.extend({
  kubernetesVersion: z.string(),
  nodeCount: z.number().int().min(0),
  readyNodeCount: z.number().int().min(0),
  lastProbeTime: z.string().optional(),
  conditions: z.array(conditionSchema),
  capacity: resourceTotalsSchema,
  allocatable: resourceTotalsSchema,
});
export type ClusterDetail = z.output<typeof clusterDetailSchema>;

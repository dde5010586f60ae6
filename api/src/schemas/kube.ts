import { z } from 'zod';
import { stringMap } from './common.js';

/** Object metadata as the console reads it; the rest of the member's object passes through. */
export const objectMetaSchema = z.looseObject({
  name: z.string().optional(),
  namespace: z.string().optional(),
  uid: z.string().optional(),
  resourceVersion: z.string().optional(),
  creationTimestamp: z.string().optional(),
  labels: stringMap.optional(),
  annotations: stringMap.optional(),
});

/** A Kubernetes object as the member (or the index's trimmed copy) returns it. */
export const kubeObjectSchema = z.looseObject({
  apiVersion: z.string().optional(),
  kind: z.string().optional(),
  metadata: objectMetaSchema.optional(),
});
export type KubeObjectView = z.output<typeof kubeObjectSchema>;

/** Where an object of a multi-cluster list lives. */
export const topologySchema = z.object({
  cluster: z.string(),
  region: z.string(),
  vendor: z.string(),
});
export type Topology = z.output<typeof topologySchema>;

/**
 * One object as a row of a detail page's sub-table (a node's pods, a workload's services): who
 * it is and the cells of its kind's list columns (`kindColumns` in the shared package); a value
 * the object does not have is left out.
 */
export const kindRowSchema = z.object({
  name: z.string(),
  namespace: z.string().optional(),
  createdAt: z.string(),
  cells: z.record(z.string(), z.union([z.string(), z.boolean()])),
});
export type KindRowView = z.output<typeof kindRowSchema>;

import { z } from 'zod';
import { nodeEventSchema, podSummarySchema } from './nodes.js';

/** One revision of a rollout: a ReplicaSet (Deployment) or a ControllerRevision. */
export const revisionSchema = z.object({
  revision: z.number().int().min(1),
  /** The ReplicaSet or ControllerRevision that holds it. */
  name: z.string(),
  createdAt: z.string(),
  /** Images of the revision's containers, in order. */
  images: z.array(z.string()),
  /** The revision the workload runs now. */
  current: z.boolean(),
  /** The change cause annotation, when the author left one. */
  changeCause: z.string().optional(),
});
export type RevisionView = z.output<typeof revisionSchema>;
/** Newest revision first. */
export const revisionsSchema = z.object({ items: z.array(revisionSchema) });

export const workloadPodsSchema = z.object({ items: z.array(podSummarySchema) });
export const workloadEventsSchema = z.object({ items: z.array(nodeEventSchema) });

export const servicePortSchema = z.object({
  name: z.string().optional(),
  protocol: z.string(),
  port: z.number().int(),
  targetPort: z.string(),
  nodePort: z.number().int().optional(),
});

/** A Service whose selector picks the workload's pods. */
export const workloadServiceSchema = z.object({
  name: z.string(),
  type: z.string(),
  clusterIP: z.string(),
  ports: z.array(servicePortSchema),
});
export type WorkloadService = z.output<typeof workloadServiceSchema>;
export const workloadServicesSchema = z.object({ items: z.array(workloadServiceSchema) });

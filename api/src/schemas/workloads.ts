import { z } from 'zod';
import { kindRowSchema } from './kube.js';
import { nodeEventSchema } from './nodes.js';

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

export const workloadPodsSchema = z.object({ items: z.array(kindRowSchema) });
export const workloadEventsSchema = z.object({ items: z.array(nodeEventSchema) });

/** Services whose selector picks the workload's pods, as rows of the Service list columns. */
export const workloadServicesSchema = z.object({ items: z.array(kindRowSchema) });

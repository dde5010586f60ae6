import { z } from 'zod';
import { stringMap } from './common.js';
import { kubeObjectSchema } from './kube.js';

/** A namespace as the detail page shows it: the object, its quotas and its limit ranges. */
export const namespaceDetailSchema = z.object({
  namespace: z.object({
    name: z.string(),
    uid: z.string(),
    phase: z.string(),
    labels: stringMap,
    annotations: stringMap,
    createdAt: z.string(),
  }),
  resourceQuotas: z.array(kubeObjectSchema),
  limitRanges: z.array(kubeObjectSchema),
});
export type NamespaceDetail = z.output<typeof namespaceDetailSchema>;

export const namespaceItemSchema = z.object({
  metadata: z.object({
    name: z.string(),
    uid: z.string(),
    creationTimestamp: z.string(),
    labels: stringMap,
  }),
  status: z.object({ phase: z.string() }),
});
export type NamespaceItem = z.output<typeof namespaceItemSchema>;
export const namespaceItemsSchema = z.object({ items: z.array(namespaceItemSchema) });

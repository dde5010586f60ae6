import { z } from 'zod';
import { stringMap } from './common.js';
import { kubeObjectSchema, objectMetaSchema } from './kube.js';

/** Quotas and limit ranges come from the member's list, so each has its name. */
const listedMeta = objectMetaSchema.extend({ name: z.string() });

/** A ResourceQuota as the member returns it; the console reads its hard and used totals. */
export const resourceQuotaSpecSchema = z.object({
  hard: stringMap.optional(),
  scopes: z.array(z.string()).optional(),
});
export const resourceQuotaSchema = kubeObjectSchema.extend({
  metadata: listedMeta,
  spec: resourceQuotaSpecSchema.optional(),
  status: z.object({ hard: stringMap.optional(), used: stringMap.optional() }).optional(),
});

/** One item of a LimitRange: bounds per resource for a type (Pod, Container, …). */
export const limitRangeItemSchema = z.object({
  type: z.string(),
  max: stringMap.optional(),
  min: stringMap.optional(),
  default: stringMap.optional(),
  defaultRequest: stringMap.optional(),
  maxLimitRequestRatio: stringMap.optional(),
});
export const limitRangeSpecSchema = z.object({ limits: z.array(limitRangeItemSchema) });
export const limitRangeSchema = kubeObjectSchema.extend({
  metadata: listedMeta,
  spec: limitRangeSpecSchema.partial().optional(),
});

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
  resourceQuotas: z.array(resourceQuotaSchema),
  limitRanges: z.array(limitRangeSchema),
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

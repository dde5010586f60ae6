import { z } from 'zod';
import { cursorPageOf, pageOf } from './common.js';
import { kubeObjectSchema, topologySchema } from './kube.js';
import { crdClusterSchema } from './providers.js';

export const crdClustersSchema = pageOf(crdClusterSchema);

/** An indexed object with the place it lives (cluster, region, vendor). */
export const crdItemSchema = kubeObjectSchema.extend(topologySchema.shape);
export type CrdItem = z.output<typeof crdItemSchema>;
export const crdListSchema = cursorPageOf(crdItemSchema);

/** A search result: per cluster, per resource type, samples of name/namespace/value. */
export const searchResultSchema = z.object({
  providerTopology: topologySchema,
  resources: z.array(
    z.object({
      type: z.string(),
      unit: z.literal(''),
      samples: z.array(
        z.object({
          labels: z.object({ name: z.string(), namespace: z.string() }),
          value: z.string(),
        }),
      ),
    }),
  ),
});
export type SearchResult = z.output<typeof searchResultSchema>;

export const labelSummarySchema = z.object({
  key: z.string(),
  values: z.array(z.object({ value: z.string(), count: z.number().int().min(0) })),
});
export type LabelSummary = z.output<typeof labelSummarySchema>;
export const labelSummariesSchema = z.object({ items: z.array(labelSummarySchema) });

/**
 * One object the index wrote or removed, or a whole kind of a cluster listed again; for an admin
 * list of the hub (hubListKinds), a `relist` naming only the organization (uid) whose list changed.
 */
export const indexChangeSchema = z.object({
  cluster: z.string(),
  kind: z.string(),
  namespace: z.string(),
  name: z.string(),
  type: z.enum(['upsert', 'delete', 'relist']),
  organization: z.string().optional(),
});
export type IndexChangeView = z.infer<typeof indexChangeSchema>;

/** The data of one `changes` event of the change stream (watchChanges). */
export const indexChangesEventSchema = z.object({ changes: z.array(indexChangeSchema) });
export type IndexChangesEvent = z.infer<typeof indexChangesEventSchema>;

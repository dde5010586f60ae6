import { z } from 'zod';
import { effectSchema } from './common.js';

/** A cluster as the provider list shows it, seen by one caller. */
export const providerViewSchema = z.object({
  providerID: z.string(),
  provideruuid: z.string(),
  uuid: z.string(),
  kind: z.string(),
  name: z.string(),
  cluster: z.string(),
  regionID: z.string(),
  ready: z.boolean(),
  /** Deny when any of the caller's roles on the cluster denies, else Allow. */
  status: effectSchema,
  roles: z.array(z.object({ roleName: z.string(), effect: effectSchema })),
});
export type ProviderView = z.output<typeof providerViewSchema>;

/** A cluster in the crd service's lists: the provider view and its owner organization. */
export const crdClusterSchema = providerViewSchema.extend({ organization: z.string() });
export type CrdCluster = z.output<typeof crdClusterSchema>;

import { z } from 'zod';
import { providerKinds } from '../shared/providers.js';
import { resourceNameMessage, resourceNamePattern } from '../shared/names.js';

// Registration of member clusters; their monitoring endpoints are
// in monitor-requests.ts. Credentials are write-only: no answer ever carries them.

const clusterName = z.string().regex(resourceNamePattern, resourceNameMessage);
const optionalId = z.string().trim().min(1).max(253).optional();

/** Where a registered cluster is addressed: its provider kind and name. */
export const clusterParams = z.object({
  kind: z.string().min(1).max(63),
  cluster: z.string().min(1).max(253),
});
export const providerKindParams = clusterParams.pick({ kind: true });

/** Body of create; `credentials` is checked by the kind's adapter (fields named, never values). */
export const clusterInput = z.object({
  name: clusterName,
  organizationId: z.string().min(1),
  region: z.string().trim().min(1).max(63),
  vendorClusterId: optionalId,
  vendorProjectId: optionalId,
  credentials: z.record(z.string(), z.unknown(), {
    error: 'the provider credentials are required',
  }),
});

/** Where a cluster is registered under the name its path gives (the SPEC's POST …/{cluster}). */
export const namedClusterParams = clusterParams.extend({ cluster: clusterName });

/** Create under the path's name: the body's `name` may be left out, and must match when given. */
export const namedClusterInput = clusterInput.extend({ name: clusterName.optional() });

/** Update: the name comes from the path; credentials only when they change. */
export const clusterUpdate = clusterInput.omit({ name: true }).extend({
  name: clusterName.optional(),
  credentials: z.unknown().optional(),
});

/** Test: an unsaved configuration (with credentials) or the stored one (without). */
export const clusterTest = clusterInput.partial().extend({ organizationId: z.string().min(1) });

export const clusterDelete = z.object({ organizationId: z.string().min(1) });

/** A registered cluster as the manage API shows it: never the credentials themselves. */
export const clusterViewSchema = z.object({
  name: z.string(),
  uuid: z.string(),
  kind: z.enum(providerKinds),
  organizationId: z.string(),
  organization: z.string(),
  region: z.string(),
  vendorClusterId: z.string().optional(),
  vendorProjectId: z.string().optional(),
  credentialsSet: z.boolean(),
  credentialsUpdatedAt: z.string().optional(),
  ready: z.boolean(),
  kubernetesVersion: z.string().optional(),
  nodeCount: z.number().int().min(0).optional(),
  lastProbeTime: z.string().optional(),
  createdAt: z.string(),
});

export const clusterTestResultSchema = z.object({ kubernetesVersion: z.string() });

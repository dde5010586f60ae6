import { z } from 'zod';
import { resourceName } from '../crds/names.js';
import type { ClusterObject, OrganizationObject } from '../hub/store.js';

/** Annotation on the Cluster: when its credentials were last written (the values never show). */
export const credentialsUpdatedAnnotation = 'nimbus.io/credentials-updated-at';
/** Label on the credentials Secret naming its Cluster. */
export const clusterLabel = 'nimbus.io/cluster';

const optionalId = z.string().trim().min(1).max(253).optional();

/** Body of create, update and test; `credentials` is checked by the kind's adapter. */
export const clusterInput = z.object({
  name: resourceName,
  organizationId: z.string().min(1),
  region: z.string().trim().min(1).max(63),
  vendorClusterId: optionalId,
  vendorProjectId: optionalId,
  credentials: z.record(z.string(), z.unknown(), {
    error: 'the provider credentials are required',
  }),
});
export type ClusterInput = z.infer<typeof clusterInput>;

/** Update: the name comes from the path; credentials only when they change. */
export const clusterUpdate = clusterInput.omit({ name: true }).extend({
  name: resourceName.optional(),
  credentials: z.unknown().optional(),
});

/** Test: an unsaved configuration (with credentials) or the stored one (without). */
export const clusterTest = clusterInput.partial().extend({ organizationId: z.string().min(1) });

export const clusterDelete = z.object({ organizationId: z.string().min(1) });

/** A registered cluster as the manage API shows it: never the credentials themselves. */
export interface ClusterView {
  name: string;
  uuid: string;
  kind: string;
  organizationId: string;
  organization: string;
  region: string;
  vendorClusterId?: string;
  vendorProjectId?: string;
  credentialsSet: boolean;
  credentialsUpdatedAt?: string;
  ready: boolean;
  kubernetesVersion?: string;
  nodeCount?: number;
  lastProbeTime?: string;
  createdAt: string;
}

export function toClusterView(cluster: ClusterObject, org: OrganizationObject): ClusterView {
  const { metadata, spec, status } = cluster;
  const updatedAt = metadata.annotations?.[credentialsUpdatedAnnotation];
  return {
    name: metadata.name,
    uuid: metadata.uid,
    kind: spec.provider,
    organizationId: org.metadata.uid,
    organization: org.metadata.name,
    region: spec.region,
    ...(spec.vendorClusterId ? { vendorClusterId: spec.vendorClusterId } : {}),
    ...(spec.vendorProjectId ? { vendorProjectId: spec.vendorProjectId } : {}),
    credentialsSet: true,
    ...(updatedAt ? { credentialsUpdatedAt: updatedAt } : {}),
    ready: status?.ready ?? false,
    ...(status?.kubernetesVersion ? { kubernetesVersion: status.kubernetesVersion } : {}),
    ...(status?.nodeCount !== undefined ? { nodeCount: status.nodeCount } : {}),
    ...(status?.lastProbeTime ? { lastProbeTime: status.lastProbeTime } : {}),
    createdAt: metadata.creationTimestamp,
  };
}

import type { ClusterView } from '@nimbus/api';
import type { ClusterObject, OrganizationObject } from '../hub/store.js';

/** Annotation on the Cluster: when its credentials were last written (the values never show). */
export const credentialsUpdatedAnnotation = 'nimbus.io/credentials-updated-at';
/** Label on the credentials Secret naming its Cluster. */
export const clusterLabel = 'nimbus.io/cluster';

/** A registered cluster as the manage API shows it (the contract's): never the credentials. */

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

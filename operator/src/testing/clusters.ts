import { createClusterConnector } from '../clusters/connector.js';
import { ClusterFinalizations } from '../clusters/lifecycle.js';
import { kubeconfigProvider } from '../clusters/providers/kubeconfig.js';
import { createProviderRegistry } from '../clusters/providers/registry.js';
import type { ClusterServices } from '../clusters/registration.js';
import type { Clock } from '../core/clock.js';
import type { ClusterObject, HubStore } from '../hub/store.js';
import { credentialsKey } from '../clusters/connector.js';

/** Cluster services with the kubeconfig provider, letting only `allowHosts` through on loopback. */
export function testClusterServices(
  store: ClusterServices['store'] & Pick<HubStore, 'secrets'>,
  allowHosts: string[],
  timeoutMs = 1_000,
  clock?: Clock,
): ClusterServices {
  const policy = { allowHosts };
  const registry = createProviderRegistry([kubeconfigProvider({ policy })]);
  return {
    store,
    finalizations: new ClusterFinalizations(),
    registry,
    connector: createClusterConnector(store, registry, {
      policy,
      timeoutMs,
      endpoints: {},
      ...(clock ? { clock } : {}),
    }),
  };
}

/** A Cluster registered with the kubeconfig provider: the Cluster and its credentials Secret. */
export async function registerKubeconfigCluster(
  store: Pick<HubStore, 'clusters' | 'secrets' | 'namespace'>,
  name: string,
  kubeconfig: string,
): Promise<ClusterObject> {
  const cluster = await store.clusters.create({
    metadata: { name },
    spec: {
      provider: 'ProviderKubeconfig',
      region: 'r1',
      credentialsSecretRef: { name: `${name}-credentials`, namespace: store.namespace },
    },
  });
  await store.secrets.create({
    name: `${name}-credentials`,
    data: { [credentialsKey]: JSON.stringify({ kubeconfig }) },
  });
  return cluster;
}

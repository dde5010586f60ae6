import { createClusterConnector } from '../clusters/connector.js';
import { ClusterFinalizations } from '../clusters/lifecycle.js';
import { kubeconfigProvider } from '../clusters/providers/kubeconfig.js';
import { createProviderRegistry } from '../clusters/providers/registry.js';
import type { ClusterServices } from '../clusters/registration.js';
import type { Clock } from '../core/clock.js';
import type { HubStore } from '../hub/store.js';

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

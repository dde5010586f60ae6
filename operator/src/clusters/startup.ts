import { hostname } from 'node:os';
import type { KubeConfig } from '@kubernetes/client-node';
import type { Config } from '../config.js';
import type { LeaderElection } from '../hub/leader.js';
import { startLeaderElection } from '../hub/leader.js';
import type { HubStore } from '../hub/store.js';
import type { Logger } from '../logger.js';
import { createClusterConnector } from './connector.js';
import type { ClusterHealth } from './health.js';
import { startClusterHealth } from './health.js';
import { createProviderAdapters } from './providers/adapters.js';
import { createProviderRegistry } from './providers/registry.js';
import type { MemberRbacReconciler } from './rbac/reconciler.js';
import { startMemberRbac } from './rbac/reconciler.js';
import type { ClusterServices } from './registration.js';

export interface ClusterRuntime {
  services: ClusterServices;
  /** Once the hub caches are synced: the health prober and member RBAC on the Lease holder only. */
  onSynced(): void;
  stop(): Promise<void>;
}

type ClusterConfig = Pick<
  Config,
  | 'outboundAllowHosts'
  | 'memberTimeoutMs'
  | 'clusterProbeIntervalMs'
  | 'namespace'
  | 'podName'
  | 'vendorEndpoints'
>;

export function createClusterRuntime(options: {
  config: ClusterConfig;
  store: HubStore;
  kubeConfig: KubeConfig;
  logger: Logger;
}): ClusterRuntime {
  const { config, store, logger } = options;
  const policy = { allowHosts: config.outboundAllowHosts };
  const registry = createProviderRegistry(createProviderAdapters(policy));
  const connector = createClusterConnector(store, registry, {
    policy,
    timeoutMs: config.memberTimeoutMs,
    endpoints: config.vendorEndpoints,
  });
  let election: LeaderElection | undefined;
  let health: ClusterHealth | undefined;
  let rbac: MemberRbacReconciler | undefined;
  return {
    services: {
      store,
      registry,
      connector,
      policy,
      memberTimeoutMs: config.memberTimeoutMs,
      logger,
    },
    onSynced() {
      election = startLeaderElection({
        kubeConfig: options.kubeConfig,
        namespace: config.namespace,
        identity: config.podName ?? `${hostname()}-${process.pid}`,
        leaseName: 'nimbus-cluster-health',
        logger,
        onStartedLeading: () => {
          health = startClusterHealth({
            store,
            connector,
            logger,
            intervalMs: config.clusterProbeIntervalMs,
          });
          rbac = startMemberRbac({ store, connector, logger, timeoutMs: config.memberTimeoutMs });
        },
        onStoppedLeading: () => {
          health?.stop();
          health = undefined;
          rbac?.stop();
          rbac = undefined;
        },
      });
    },
    async stop() {
      health?.stop();
      rbac?.stop();
      await election?.stop();
    },
  };
}

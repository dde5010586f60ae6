import type { Config } from '../config.js';
import type { ControllerFactory } from '../controllers/controller.js';
import type { ScheduledJob } from '../controllers/jobs.js';
import { memberAgentController } from './agent/controller.js';
import { sweepRegistrationTokens } from './agent/registration-tokens.js';
import type { HubStore } from '../hub/store.js';
import type { Logger } from '../logger.js';
import { createClusterConnector } from './connector.js';
import { clusterHealthController } from './health.js';
import { ClusterFinalizations } from './lifecycle.js';
import { clusterLifecycleController } from './lifecycle-controller.js';
import { createProviderAdapters } from './providers/adapters.js';
import { createProviderRegistry } from './providers/registry.js';
import { createClaimBoard } from './rbac/member-claims.js';
import { memberRbacController } from './rbac/reconciler.js';
import type { ClusterServices } from './registration.js';

export interface ClusterRuntime {
  services: ClusterServices;
  /**
   * Health probes, member RBAC projection and the Cluster finalizer, for the controller runtime
   * (Lease holder only).
   */
  controllers: ControllerFactory[];
  /** Expired registration commands go (leader only). */
  jobs: ScheduledJob[];
}

type ClusterConfig = Pick<
  Config,
  'outboundAllowHosts' | 'memberTimeoutMs' | 'clusterProbeIntervalMs' | 'vendorEndpoints'
>;

export function createClusterRuntime(options: {
  config: ClusterConfig;
  store: HubStore;
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
  // The RBAC projection finds two registrations of one member; the health controller reports it.
  const claims = createClaimBoard();
  const finalizations = new ClusterFinalizations();
  return {
    services: {
      store,
      registry,
      connector,
      policy,
      memberTimeoutMs: config.memberTimeoutMs,
      finalizations,
      vendorEndpoints: config.vendorEndpoints,
      logger,
    },
    controllers: [
      clusterHealthController({
        store,
        connector,
        intervalMs: config.clusterProbeIntervalMs,
        claims,
      }),
      memberRbacController({ store, connector, timeoutMs: config.memberTimeoutMs, claims }),
      clusterLifecycleController({
        store,
        connector,
        finalizations,
        memberTimeoutMs: config.memberTimeoutMs,
        logger,
      }),
      memberAgentController({ store, connector, memberTimeoutMs: config.memberTimeoutMs }),
    ],
    jobs: [
      {
        name: 'expired-registration-commands',
        intervalMs: 10 * 60_000,
        run: () => sweepRegistrationTokens(store, Date.now()),
      },
    ],
  };
}

import { hostname } from 'node:os';
import type { KubeConfig } from '@kubernetes/client-node';
import { ensureBuiltInRoles } from '../access/ensure-built-in-roles.js';
import type { LeaderElection } from '../hub/leader.js';
import { startLeaderElection } from '../hub/leader.js';
import type { HubStore } from '../hub/store.js';
import type { PasswordHasher } from '../identity/passwords.js';
import type { Logger } from '../logger.js';
import type { IamController } from './reconcile/controller.js';
import { startIamController } from './reconcile/controller.js';
import type { RegistryOwnership } from './reconcile/registry-ownership.js';
import { startRegistryOwnership } from './reconcile/registry-ownership.js';

export interface IamRuntimeOptions {
  kubeConfig: KubeConfig;
  namespace: string;
  podName: string | undefined;
  logger: Logger;
  /** The session key's Secret (NIMBUS_SESSION_KEY_SECRET), which no User may point at. */
  sessionKeySecret?: string | undefined;
  /** Called when leadership is lost; DESIGN.md: the process exits and is restarted. */
  onLostLeadership?: () => void;
}

export interface IamRuntime {
  /** Once the hub caches are synced: built-in roles, then the controllers on the Lease holder. */
  onSynced(store: HubStore, hasher: Pick<PasswordHasher, 'hash'>): Promise<void>;
  stop(): Promise<void>;
}

export function createIamRuntime(options: IamRuntimeOptions): IamRuntime {
  const { logger } = options;
  let election: LeaderElection | undefined;
  let controller: IamController | undefined;
  let registries: RegistryOwnership | undefined;
  return {
    async onSynced(store, hasher) {
      const applied = await ensureBuiltInRoles(store, logger);
      logger.info({ roles: applied }, 'built-in roles applied');
      election = startLeaderElection({
        kubeConfig: options.kubeConfig,
        namespace: options.namespace,
        identity: options.podName ?? `${hostname()}-${process.pid}`,
        logger,
        onStartedLeading: () => {
          const { sessionKeySecret } = options;
          controller = startIamController({ store, hasher, logger, sessionKeySecret });
          registries = startRegistryOwnership({ store, logger });
        },
        onStoppedLeading: () => {
          controller?.stop();
          controller = undefined;
          registries?.stop();
          registries = undefined;
          (options.onLostLeadership ?? (() => process.exit(1)))();
        },
      });
    },
    async stop() {
      controller?.stop();
      registries?.stop();
      await election?.stop();
    },
  };
}

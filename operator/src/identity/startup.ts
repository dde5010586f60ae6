import type { Registry } from 'prom-client';
import type { Config } from '../config.js';
import type { HubProbe, HubReadiness } from '../hub/client.js';
import type { HubStore } from '../hub/store.js';
import type { Logger } from '../logger.js';
import { ensureBootstrapAdmin } from './bootstrap.js';
import type { IdentityServices } from './services.js';
import { createIdentityServices } from './services.js';

export interface IdentityRuntime {
  services: IdentityServices;
  /** The hub probe, reporting not ready until the caches synced and the bootstrap ran. */
  readiness: HubProbe;
  stop(): Promise<void>;
}

export interface IdentityStartOptions {
  config: Config;
  /** The hub store, built once in main.ts and shared by every service. */
  store: HubStore;
  hub: HubProbe;
  sessionKey: Buffer;
  logger: Logger;
  /** The app's /metrics registry (the sign-in counter). */
  registry?: Registry;
  /** Runs once the caches are synced, before the bootstrap admin (e.g. built-in roles). */
  onSynced?: (store: HubStore) => Promise<void>;
}

/**
 * Builds the identity services on the hub store and, in the background, syncs the caches, runs the
 * start-up hook and the bootstrap admin (the expiry sweeps are leader jobs: lease-sweeper.ts). The
 * operator listens at once but reports not ready until that finished, so `make up` sees the
 * bootstrap line before ready.
 */
export function startIdentity(options: IdentityStartOptions): IdentityRuntime {
  const { config, logger, store } = options;
  const services = createIdentityServices({
    store,
    sessionKey: options.sessionKey,
    settings: {
      host: config.host,
      mfaEnabled: config.mfaEnabled,
      trustProxy: config.trustProxy,
      sessionTtlSeconds: config.sessionTtlSeconds,
      initialAdminSecret: config.initialAdminSecret,
      streamMaxLifetimeSeconds: config.streamMaxLifetimeSeconds,
      registrationsPerAddress: config.registrationsPerAddress,
    },
    logger,
    ...(options.registry ? { registry: options.registry } : {}),
  });
  let started = false;

  const run = async (): Promise<void> => {
    await store.waitForSync();
    logger.info('hub caches synced');
    await options.onSynced?.(store).catch((error: unknown) => {
      logger.error({ err: error }, 'start-up hook failed; continuing');
    });
    for (let attempt = 1; ; attempt++) {
      try {
        await ensureBootstrapAdmin(services);
        break;
      } catch (error) {
        logger.warn({ err: error, attempt }, 'bootstrap admin check failed; retrying');
        await new Promise((resolve) => setTimeout(resolve, Math.min(attempt, 10) * 1000));
      }
    }
    started = true;
  };
  void run().catch((error: unknown) => logger.error({ err: error }, 'identity start-up failed'));

  return {
    services,
    readiness: {
      probe: async (): Promise<HubReadiness> =>
        started ? options.hub.probe() : { ready: false, reason: 'hub caches are syncing' },
    },
    stop: async () => {
      await store.stop();
    },
  };
}

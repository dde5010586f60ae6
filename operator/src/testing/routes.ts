import { KubeConfig } from '@kubernetes/client-node';
import { listRoutes } from '../access/routes.js';
import { openAuditTrail } from '../audit/trail.js';
import { createApp } from '../http/app.js';
import { routeServices } from '../compose.js';
import { IndexStore } from '../index/store.js';
import { tempDataDir } from './audit.js';
import { testClusterServices } from './clusters.js';
import { createMemoryRollupStore } from '../cost/memory-rollup-store.js';
import { captureLogs } from './logs.js';
import { createHubStore } from '../hub/store.js';
import type { IdentityServices } from '../identity/services.js';
import { createIdentityServices } from '../identity/services.js';
import type { Logger } from '../logger.js';

export const routesHost = 'nimbus.io';

/**
 * Every `/api` route of the complete app (every service wired, as main.ts does), read from
 * Express's own router stack as `METHOD /api/v1/…`.
 */
export function registeredApiRoutes(): string[] {
  const logger = captureLogs().logger;
  const data = tempDataDir();
  const audit = openAuditTrail({ dataDir: data.dir, retentionDays: 1, logger });
  try {
    const identity = offlineIdentityServices(logger);
    const clusters = testClusterServices(identity.store, []);
    const app = createApp({
      host: routesHost,
      version: '0.0.0',
      mfaEnabled: true,
      consoleDir: '/nonexistent',
      logger,
      hub: { probe: () => Promise.resolve({ ready: true }) },
      identity,
      clusters,
      services: routeServices({ identity, clusters }),
      index: IndexStore.open(':memory:'),
      costRollups: createMemoryRollupStore(),
      audit,
    });
    return listRoutes(app.router)
      .filter((route) => route.path.startsWith('/api/'))
      .map((route) => `${route.method} ${route.path}`);
  } finally {
    // The file closes before the call returns (node:sqlite is synchronous).
    void audit.close();
    data.remove();
  }
}

/**
 * The identity services over a hub store that is never contacted (routes only need to exist):
 * lets tests build the complete app, e.g. to list every registered route.
 */
function offlineIdentityServices(logger: Logger): IdentityServices {
  const kubeConfig = new KubeConfig();
  kubeConfig.loadFromOptions({
    clusters: [{ name: 'offline', server: 'http://127.0.0.1:9', skipTLSVerify: false }],
    users: [{ name: 'offline' }],
    contexts: [{ name: 'offline', cluster: 'offline', user: 'offline' }],
    currentContext: 'offline',
  });
  const store = createHubStore({ kubeConfig, namespace: 'nimbus-system', logger });
  return createIdentityServices({
    store,
    sessionKey: Buffer.alloc(32, 7),
    settings: { host: 'nimbus.io', mfaEnabled: true, trustProxy: false, sessionTtlSeconds: 3600 },
    logger,
  });
}

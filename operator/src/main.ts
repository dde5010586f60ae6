import { hostname } from 'node:os';
import { alarmControllers } from './alarms/startup.js';
import type { AuditPolicy } from './audit/policy.js';
import { AuditPolicyError, loadAuditPolicy } from './audit/policy.js';
import { openOperatorAudit } from './audit/setup.js';
import { createClusterRuntime } from './clusters/startup.js';
import type { Config } from './config.js';
import { costJob } from './cost/startup.js';
import { createRollupStore } from './cost/rollup-store.js';
import { ConfigError, parseConfig } from './config.js';
import { registryController } from './registries/registry-controller.js';
import { chartSourceController } from './appstore/source-controller.js';
import { createOperatorRuntime } from './controllers/operator-runtime.js';
import { createProviderClients } from './sso/provider-client.js';
import { identityProviderController } from './sso/status-controller.js';
import { createHubClient } from './hub/client.js';
import { createApp } from './http/app.js';
import { createHttpMetrics, createMetricsApp } from './http/metrics.js';
import { iamControllers, prepareIam } from './iam/startup.js';
import { dashboardController } from './dashboards/controller.js';
import { listen, serverUrl, shutdown } from './http/server.js';
import { identitySweepJobs } from './identity/lease-sweeper.js';
import { loadSessionKey } from './identity/session-key.js';
import type { IdentityRuntime } from './identity/startup.js';
import { startIdentity } from './identity/startup.js';
import type { HubStore } from './hub/store.js';
import { createHubStore } from './hub/store.js';
import type { IndexRuntime } from './index/runtime.js';
import { createIndexMetrics } from './index/metrics.js';
import { createIndexRuntime, openIndexFiles } from './index/runtime.js';
import { sharedIndex } from './index/postgres-store.js';
import { createSharedSync, type SharedSync } from './index/shared-sync.js';
import { withSyncStatus } from './index/sync-status.js';
import { openSharedPool } from './audit/shared-store.js';
import { createLogger } from './logger.js';
import { applyOwnCrds } from './hub/crd-self-apply.js';
import { routeServices } from './compose.js';
import { recordBuild, trackClusters } from './observability/metrics.js';
import { TracingConfigError, startTracing } from './observability/tracing-sdk.js';
import type { Tracing } from './observability/tracing-sdk.js';

function loadConfig(): { config: Config; auditPolicy: AuditPolicy; tracing?: Tracing } {
  try {
    const config = parseConfig(process.env);
    const auditPolicy = loadAuditPolicy(config.auditPolicyFile);
    const instance = config.podName ?? `${hostname()}-${process.pid}`;
    const tracing = startTracing(process.env, { version: config.version, instance });
    return { config, auditPolicy, ...(tracing ? { tracing } : {}) };
  } catch (error) {
    if (
      error instanceof ConfigError ||
      error instanceof AuditPolicyError ||
      error instanceof TracingConfigError
    ) {
      process.stderr.write(`nimbus-operator: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

async function main(): Promise<void> {
  const { config, auditPolicy, tracing } = loadConfig();
  const logger = createLogger(config.logLevel);
  recordBuild(config.version, config.revision);
  if (tracing) logger.info('tracing on: spans go to the OTLP endpoint (OTEL_EXPORTER_OTLP_*)');

  process.on('unhandledRejection', (reason) => {
    logger.error({ err: reason }, 'unhandled promise rejection');
  });
  process.on('uncaughtException', (error) => {
    logger.fatal({ err: error }, 'uncaught exception, exiting');
    process.exit(1);
  });

  const hub = createHubClient({ kubeconfig: config.kubeconfig });
  logger.info({ source: hub.source, server: hub.server }, 'hub cluster connection configured');

  // In the background: an unreachable hub must not hold up the listener (and the probes); the
  // caches watch the same objects whichever schema is installed.
  if (hub.kubeConfig && config.manageCrds) {
    void applyOwnCrds(hub.kubeConfig, config.version, logger).catch((error: unknown) =>
      logger.error({ err: error }, 'CRDs not checked'),
    );
  }

  let index: IndexRuntime | undefined;
  let shared: SharedSync | undefined;
  let hubSynced = false;
  // The one hub store (informer caches of every Nimbus resource), shared by every service.
  const store = hub.kubeConfig
    ? createHubStore({
        kubeConfig: hub.kubeConfig,
        namespace: config.namespace,
        logger,
        relistIntervalMs: config.hubRelistIntervalMs,
      })
    : undefined;
  // The cost center's daily rollups: ConfigMaps in the operator's namespace.
  const costRollups = hub.kubeConfig
    ? createRollupStore(hub.kubeConfig, config.namespace)
    : undefined;
  // The chart leaves the key to the operator: read from its Secret, created when absent.
  if (store) trackClusters(() => store.clusters.list());
  const sessionKey = await loadSessionKey(config.sessionKey, { secrets: store?.secrets, logger });
  const clusters = store ? createClusterRuntime({ config, store, logger }) : undefined;
  // The controller runtime: one manager on the Lease nimbus-operator-leader; every controller
  // and scheduled job runs on its holder only (operator/src/controllers/).
  const manager = hub.kubeConfig
    ? createOperatorRuntime({
        kubeConfig: hub.kubeConfig,
        namespace: config.namespace,
        podName: config.podName,
        leaderElection: config.leaderElection,
        logger,
      })
    : undefined;
  const metrics = createHttpMetrics();
  const identity: IdentityRuntime | undefined = store
    ? startIdentity({
        config,
        store,
        hub,
        sessionKey,
        logger,
        registry: metrics.registry,
        onSynced: async (store: HubStore) => {
          await prepareIam(store, logger).catch((error: unknown) =>
            logger.error(
              { err: error },
              'built-in roles not applied; the controllers start anyway',
            ),
          );
          if (identity && manager) {
            const { passwords, sessions } = identity.services;
            const operatorSecretNames = [config.sessionKeySecret, config.initialAdminSecret].filter(
              (name): name is string => Boolean(name),
            );
            iamControllers({ store, hasher: passwords, operatorSecretNames }).forEach(manager.add);
            clusters?.controllers.forEach(manager.add);
            clusters?.jobs.forEach(manager.schedule);
            manager.add(dashboardController(store));
            manager.add(registryController(store));
            const policy = { allowHosts: config.outboundAllowHosts };
            manager.add(chartSourceController({ store, policy }));
            manager.add(
              identityProviderController({
                store,
                clients: createProviderClients({ store, policy }),
              }),
            );
            const connector = clusters?.services.connector;
            alarmControllers({ config, store, ...(connector ? { connector } : {}) }).forEach(
              manager.add,
            );
            if (costRollups) {
              manager.schedule(
                costJob({
                  config,
                  store,
                  rollups: costRollups,
                  index: () => index?.index,
                  ...(connector ? { connector } : {}),
                }),
              );
            }
            identitySweepJobs({ leases: store.leases, sessions }).forEach(manager.schedule);
            manager.start();
          }
          hubSynced = true;
          shared?.start();
          index?.start();
        },
      })
    : undefined;
  if (!identity) logger.error('no hub cluster: every call but the public ones will be refused');

  // With store postgres, the audit trail and the index share one pool (audit/shared-store.ts).
  const sharedPool =
    config.store.kind === 'postgres' ? await openSharedPool(config.store, logger) : undefined;
  // Opened before listening: without a writable NIMBUS_DATA_DIR the operator must not serve.
  const audit = await openOperatorAudit(config, {
    ...(sharedPool ? { sharedPool } : {}),
    logger,
    registry: metrics.registry,
    kubeConfig: hub.kubeConfig,
    sessionSigningKey: sessionKey,
    policy: auditPolicy,
  });
  // The index of the ready members (operator/src/index/runtime.ts): this replica's SQLite file,
  // or the shared store's tables.
  if (identity && clusters) {
    // SQLite is written in a worker thread, so the event loop never waits for it
    // (index-writer.ts); the PostgreSQL driver never blocks it.
    const sharedStore = sharedPool ? sharedIndex(sharedPool) : undefined;
    const { index: indexStore, writer } = sharedStore ?? (await openIndexFiles(config.dataDir));
    // With the shared store each member is synced by one replica, and every replica's live
    // lists hear of every write (index/shared-sync.ts).
    shared =
      sharedPool && sharedStore && config.store.kind === 'postgres'
        ? createSharedSync({
            pool: sharedPool,
            index: sharedStore.index,
            connection: config.store,
            store: identity.services.store,
            identity: config.podName ?? `${hostname()}-${process.pid}`,
            logger,
          })
        : undefined;
    index = createIndexRuntime({
      index: indexStore,
      writer,
      ...(shared
        ? { changes: shared.changes, publish: shared.publish, ownership: shared.ownership }
        : {}),
      store: identity.services.store,
      connector: clusters.services.connector,
      logger,
      connectTimeoutMs: config.memberTimeoutMs,
      metrics: ((loopMetrics) =>
        shared ? withSyncStatus(loopMetrics, shared.status) : loopMetrics)(
        createIndexMetrics({
          registry: metrics.registry,
          counts: () => shared?.counts() ?? writer.objectCounts(),
        }),
      ),
    });
    if (hubSynced) {
      shared?.start();
      index.start();
    }
  }

  const app = createApp({
    host: config.host,
    version: config.version,
    mfaEnabled: config.mfaEnabled,
    consoleDir: config.consoleDir,
    logger,
    hub: identity?.readiness ?? hub,
    identity: identity?.services,
    clusters: clusters?.services,
    services: routeServices({ identity: identity?.services, clusters: clusters?.services }),
    index: index?.index,
    ...(index ? { changes: index.changes } : {}),
    ...(costRollups ? { costRollups } : {}),
    metrics,
    audit,
    helmPath: config.helmPath,
  });
  const server = await listen(app, config.listenAddr, config.port);
  logger.info(
    { url: serverUrl(server), version: config.version, host: config.host },
    'nimbus operator listening',
  );
  // hack/operator.sh reads this line to find an ephemeral metrics port.
  const metricsServer = await listen(
    createMetricsApp(metrics),
    config.listenAddr,
    config.metricsPort,
  );
  logger.info({ url: serverUrl(metricsServer) }, 'metrics listening');

  let stopping = false;
  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal, timeoutMs: config.shutdownTimeoutMs }, 'shutting down');
    metricsServer.close();
    metricsServer.closeAllConnections();
    // Live lists' streams end now, so their browsers reconnect to another replica at once and
    // the drain below does not wait for them.
    index?.changes.close();
    void shutdown(server, config.shutdownTimeoutMs).then(async (outcome) => {
      if (outcome === 'forced') logger.warn('in-flight requests cut off at shutdown timeout');
      // The queue is written before the exit: on the shared store, what this replica
      // acknowledged stays when it is scaled away.
      await audit
        .close()
        .catch((error: unknown) => logger.error({ err: error }, 'audit store could not be closed'));
      // Awaited, so the Lease is released before the exit and another replica takes over at
      // once; bounded, as the hub may not answer.
      const stopped = Promise.allSettled([
        manager?.stop(),
        // The members' Leases are given up first, so other replicas take them at once.
        Promise.resolve(shared?.stop())
          .catch((error: unknown) => logger.warn({ err: error }, 'member leases not given up'))
          .then(() => index?.stop({ close: true })),
        tracing?.shutdown(),
      ])
        .then(() => identity?.stop())
        .then(() => sharedPool?.end());
      await Promise.race([stopped, new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);
      logger.info('stopped');
      process.exit(0);
    });
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((error: unknown) => {
  // Config errors exit earlier; this is a start-up failure such as a busy port.
  process.stderr.write(
    `nimbus-operator: failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});

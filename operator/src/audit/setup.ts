import type { KubeConfig } from '@kubernetes/client-node';
import type { Registry } from 'prom-client';
import type { Config, StoreConfig } from '../config.js';
import type { Logger } from '../logger.js';
import type { AuditPolicy } from './policy.js';
import type { PeerSource } from './peers.js';
import { endpointSlicePeers } from './endpoint-slice-peers.js';
import { noPeers, staticPeers } from './peers.js';
import type pg from 'pg';
import { postgresLocation } from '../postgres/pool.js';
import { openSharedPool } from './shared-store.js';
import { postgresAuditStore } from './postgres-store.js';
import type { AuditStore } from './store.js';
import type { AuditTrail } from './trail.js';
import { openAuditTrail } from './trail.js';

export interface OperatorAuditDeps {
  logger: Logger;
  registry: Registry;
  /** The hub connection; with it (in the cluster) peers come from the peer Service. */
  kubeConfig: KubeConfig | undefined;
  sessionSigningKey: Buffer;
  /** Loaded (and validated) at start: loadAuditPolicy(config.auditPolicyFile). */
  policy: AuditPolicy;
  /** With store postgres: the replica's pool (openSharedPool), which main.ts closes last. */
  sharedPool?: pg.Pool;
}

/** A static NIMBUS_AUDIT_PEERS list wins; else the peer Service's EndpointSlices; else none. */
export function choosePeers(config: Config, kubeConfig: KubeConfig | undefined): PeerSource {
  if (config.auditPeers) return staticPeers(config.auditPeers);
  if (config.auditPeerService && kubeConfig) {
    return endpointSlicePeers({
      kubeConfig,
      namespace: config.namespace,
      service: config.auditPeerService,
      selfPodName: config.podName,
    });
  }
  return noPeers;
}

/** The audit table on the shared store, on a pool of its own (the audit copy, copy-cli.ts). */
export async function openSharedAuditStore(
  store: Extract<StoreConfig, { kind: 'postgres' }>,
  logger: Logger,
): Promise<AuditStore> {
  const pool = await openSharedPool(store, logger);
  return postgresAuditStore({ pool, location: postgresLocation(store.url), ownsPool: true });
}

/**
 * The production audit trail: this replica's file under NIMBUS_DATA_DIR plus its peers, or the
 * PostgreSQL database every replica shares (no peers: it holds every record).
 */
export async function openOperatorAudit(
  config: Config,
  deps: OperatorAuditDeps,
): Promise<AuditTrail> {
  const { sharedPool } = deps;
  const shared =
    config.store.kind !== 'postgres'
      ? undefined
      : sharedPool
        ? postgresAuditStore({
            pool: sharedPool,
            location: postgresLocation(config.store.url),
            ownsPool: false,
          })
        : await openSharedAuditStore(config.store, deps.logger);
  return openAuditTrail({
    dataDir: config.dataDir,
    ...(shared ? { store: shared } : {}),
    retentionDays: config.auditRetentionDays,
    maxBytes: config.auditMaxBytes,
    pruneIntervalMs: config.auditPruneIntervalMs,
    policy: deps.policy,
    ...(config.auditWebhookUrl
      ? {
          webhook: {
            url: config.auditWebhookUrl,
            policy: { allowHosts: config.outboundAllowHosts },
          },
        }
      : {}),
    logger: deps.logger,
    registry: deps.registry,
    peers: shared ? noPeers : choosePeers(config, deps.kubeConfig),
    sessionSigningKey: deps.sessionSigningKey,
  });
}

import type { KubeConfig } from '@kubernetes/client-node';
import type { Registry } from 'prom-client';
import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import type { AuditPolicy } from './policy.js';
import type { PeerSource } from './peers.js';
import { endpointSlicePeers, noPeers, staticPeers } from './peers.js';
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

/** The production audit trail: this replica's file under NIMBUS_DATA_DIR plus its peers. */
export function openOperatorAudit(config: Config, deps: OperatorAuditDeps): AuditTrail {
  return openAuditTrail({
    dataDir: config.dataDir,
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
    peers: choosePeers(config, deps.kubeConfig),
    sessionSigningKey: deps.sessionSigningKey,
  });
}

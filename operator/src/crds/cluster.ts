import { monitorAddress, monitorService, monitorTargetMessage } from '@nimbus/api';
import { monitorTypes } from '@nimbus/api/shared';
import type { MonitorType } from '@nimbus/api/shared';
import { z } from 'zod';
import { conditions, providerKind, secretRef, text } from './common.js';
import { ageColumn, defineKind, readyColumns } from './kind.js';
import { resourceNameRule } from './names.js';
import { listMap, withRule } from './rules.js';

export { monitorTypes };
export type { MonitorType };

// The contract's service and address rules (the API checks the same); their regexes reach the CRD.
export const clusterMonitor = withRule(
  z.object({
    type: z.enum(monitorTypes).meta({ description: 'What answers there.' }),
    service: monitorService.optional().meta({
      description:
        "A Service of this cluster, reached through its API server's service proxy as the caller.",
    }),
    address: monitorAddress.optional().meta({
      description:
        'A base URL the operator queries directly; for system administrators (docs/decisions/monitor-service-proxy.md).',
    }),
    enabled: z.boolean().meta({ description: 'Whether the operator uses this endpoint.' }),
  }),
  { rule: 'has(self.service) != has(self.address)', message: monitorTargetMessage },
  (monitor) => (monitor.service === undefined) !== (monitor.address === undefined),
);

export const clusterCustomPrice = z.object({
  cpuCoreHour: z.number().min(0).max(1000).meta({ description: 'USD per CPU core-hour.' }),
  memoryGiBHour: z.number().min(0).max(1000).meta({ description: 'USD per GiB-hour of memory.' }),
});

export const clusterSpec = z.object({
  provider: providerKind.meta({ description: 'Cloud vendor or kubeconfig provider.' }),
  region: text(63).min(1).meta({ description: 'Vendor region id, e.g. us-east-1.' }),
  vendorClusterId: text(253)
    .optional()
    .meta({ description: 'Cluster id or name at the vendor (EKS name, ACK id …).' }),
  vendorProjectId: text(253)
    .optional()
    .meta({ description: 'Vendor account or project id, where the vendor needs one.' }),
  credentialsSecretRef: secretRef.meta({
    description: 'Secret holding the kubeconfig or the vendor access credentials.',
  }),
  monitors: listMap(z.array(clusterMonitor).max(monitorTypes.length), 'type')
    .optional()
    .meta({ description: 'Monitoring endpoints of the member cluster, at most one per type.' }),
  customPrice: clusterCustomPrice.optional().meta({
    description:
      'Cost center prices of nodes the shipped price catalogue does not list (on-premise), in USD.',
  }),
});

export const clusterStatus = z.object({
  ready: z.boolean().optional().meta({ description: 'The API server answered the last probe.' }),
  kubernetesVersion: text(63)
    .optional()
    .meta({ description: 'Kubernetes version the API server reported (gitVersion).' }),
  nodeCount: z.int().min(0).optional().meta({ description: 'Number of nodes.' }),
  lastProbeTime: z.iso
    .datetime({ offset: true })
    .optional()
    .meta({ description: 'When the operator last probed the API server.' }),
  conditions: conditions.optional(),
  index: z
    .object({
      replica: text(253).meta({
        description: 'The operator replica that syncs this cluster into the index (its pod name).',
      }),
      since: z.iso
        .datetime({ offset: true })
        .meta({ description: 'Since when that replica syncs it.' }),
      synced: z.boolean().meta({
        description: "Every kind's last list or watch was answered; false while one fails.",
      }),
      lastEventTime: z.iso.datetime({ offset: true }).optional().meta({
        description:
          'The last watch event or bookmark of the kind heard least recently: how far behind the index may be.',
      }),
    })
    .optional()
    .meta({
      description:
        'With the shared store (store postgres): which replica syncs this cluster into the index, and how current it is (docs/scaling.md).',
    }),
});

export const clusterKind = defineKind({
  kind: 'Cluster',
  plural: 'clusters',
  shortNames: ['ncluster'],
  description: 'A member Kubernetes cluster registered with Nimbus.',
  name: resourceNameRule,
  spec: clusterSpec,
  status: clusterStatus,
  printerColumns: [
    { name: 'Provider', type: 'string', jsonPath: '.spec.provider' },
    { name: 'Region', type: 'string', jsonPath: '.spec.region' },
    ...readyColumns,
    { name: 'Version', type: 'string', jsonPath: '.status.kubernetesVersion' },
    { name: 'Nodes', type: 'integer', jsonPath: '.status.nodeCount', priority: 1 },
    { name: 'Synced-By', type: 'string', jsonPath: '.status.index.replica', priority: 1 },
    ageColumn,
  ],
});

export type Cluster = z.output<typeof clusterKind.schema>;

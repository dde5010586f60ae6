import { z } from 'zod';
import { conditions, providerKind, secretRef, text } from './common.js';
import { ageColumn, defineKind } from './kind.js';
import { resourceNameRule } from './names.js';

// The regex puts the scheme rule into the CRD too; zod's URL parse checks the rest.
const httpUrl = z
  .url({ protocol: /^https?$/, message: 'must be an http or https URL' })
  .regex(/^https?:[/][/]/, 'must be an http or https URL')
  .max(2048);

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
  monitoring: z
    .object({
      prometheusUrl: httpUrl.optional(),
      alertmanagerUrl: httpUrl.optional(),
    })
    .optional()
    .meta({ description: 'Monitoring endpoints of the member cluster.' }),
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
    { name: 'Ready', type: 'boolean', jsonPath: '.status.ready' },
    { name: 'Version', type: 'string', jsonPath: '.status.kubernetesVersion' },
    { name: 'Nodes', type: 'integer', jsonPath: '.status.nodeCount', priority: 1 },
    ageColumn,
  ],
});

export type Cluster = z.output<typeof clusterKind.schema>;

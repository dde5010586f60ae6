import { z } from 'zod';
import { monitorTypes } from '../shared/providers.js';
import { resourceNameMessage, resourceNamePattern } from '../shared/names.js';

// A cluster's Prometheus and Alertmanager (its monitors). Normally a Service of the
// member, reached through its API server's service proxy as the caller, so the address cannot
// leave the cluster (docs/decisions/monitor-service-proxy.md); a direct URL is for system
// administrators only.

// The regex puts the scheme rule into the CRD too; zod's URL parse checks the rest.
/** Base URL of a directly reached monitoring endpoint (the Cluster resource keeps the same rule). */
export const monitorAddress = z
  .url({ protocol: /^https?$/, message: 'must be an http or https URL' })
  .regex(/^https?:[/][/]/, 'must be an http or https URL')
  .max(2048);

const label = z.string().regex(resourceNamePattern, resourceNameMessage);

export const monitorSchemes = ['http', 'https'] as const;

/** A Service of the member cluster: `namespace/name:port`, spoken to over `scheme`. */
export const monitorService = z.object({
  namespace: label.meta({ description: 'Namespace of the Service in the member cluster.' }),
  name: label.meta({ description: 'Name of the Service.' }),
  port: z.int().min(1).max(65535).meta({ description: 'Port of the Service (its number).' }),
  scheme: z
    .enum(monitorSchemes)
    .default('http')
    .meta({ description: 'Scheme the API server proxy uses towards the Service.' }),
});
export type MonitorService = z.output<typeof monitorService>;

export const monitorTargetMessage =
  'give either the service (namespace, name and port) or a direct address, not both';

/** POST and PUT manage/monitors; providerId is the cluster's name or uid. */
export const monitorInput = z
  .object({
    organizationId: z.string().min(1).max(253),
    providerId: z.string().min(1).max(253),
    type: z.enum(monitorTypes),
    service: monitorService.optional(),
    address: monitorAddress.optional().meta({
      description: 'A direct URL instead of a service: accepted from system administrators only.',
    }),
    enabled: z.boolean().default(true),
  })
  .refine((body) => (body.service === undefined) !== (body.address === undefined), {
    message: monitorTargetMessage,
    path: ['service'],
  });

/** A monitoring endpoint of a cluster; id is `<cluster>.<type lowercase>`. */
export const monitorViewSchema = z.object({
  id: z.string(),
  providerId: z.string(),
  type: z.enum(monitorTypes),
  service: monitorService.optional(),
  address: z.string().optional(),
  enabled: z.boolean(),
});
export type MonitorView = z.output<typeof monitorViewSchema>;
export const monitorViewsSchema = z.object({ items: z.array(monitorViewSchema) });

/** A Service of the member that looks like a Prometheus or an Alertmanager, for the wizard. */
export const monitorCandidateSchema = monitorService.extend({
  type: z.enum(monitorTypes),
  scheme: z.enum(monitorSchemes),
});
export type MonitorCandidate = z.output<typeof monitorCandidateSchema>;
export const monitorCandidatesSchema = z.object({ items: z.array(monitorCandidateSchema) });

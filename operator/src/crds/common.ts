import { emailPattern, providerKinds } from '@nimbus/api/shared';
import { z } from 'zod';
import { listMap } from './rules.js';
import { dnsLabel, dnsSubdomain, nameRef } from './names.js';

export const email = z
  .email({ pattern: emailPattern, message: 'must be a valid email address' })
  .max(254);

/**
 * The one spelling of an effect in every CRD: per-cluster access and role
 * permissions alike. The API keeps its lowercase allow/deny for role permissions (the
 * contract's PermissionEffect) and maps them at the edge (iam/effects.ts); roles stored before
 * read as today's (role.ts).
 */
export const effect = z.enum(['Allow', 'Deny']);

export { providerKinds };
export const providerKind = z.enum(providerKinds);

export const text = (max: number) => z.string().max(max);

export const description = text(1024).meta({ description: 'Free-text description.' });

/** Credentials never sit in a Nimbus resource; only a reference to the Secret holding them. */
export const secretRef = z
  .object({
    name: dnsSubdomain.meta({ description: 'Name of the Secret.' }),
    namespace: dnsLabel.meta({ description: 'Namespace of the Secret.' }),
  })
  .meta({ description: 'Reference to a Secret in the hub cluster.' });

export const clusterPermission = z.object({
  cluster: nameRef('Name of the Cluster resource.'),
  role: nameRef('Name of the Role granted on that cluster.'),
  effect: effect
    .default('Allow')
    .meta({ description: 'Allow grants the role on the cluster; Deny refuses the cluster.' }),
});

export const clusterPermissions = listMap(z.array(clusterPermission), 'cluster').meta({
  description: 'Per-cluster role and effect, one entry per cluster.',
});

const conditionTypePattern =
  /^([a-z0-9]([-a-z0-9]*[a-z0-9])?([.][a-z0-9]([-a-z0-9]*[a-z0-9])?)*[/])?(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])$/;
const conditionReasonPattern = /^[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?$/;

/** Same shape and limits as metav1.Condition, so standard tooling (kubectl wait) understands it. */
export const condition = z.object({
  type: z
    .string()
    .max(316)
    .regex(conditionTypePattern)
    .meta({ description: 'Condition type, e.g. Ready or Valid.' }),
  status: z.enum(['True', 'False', 'Unknown']).meta({ description: 'True, False or Unknown.' }),
  observedGeneration: z
    .int()
    .min(0)
    .optional()
    .meta({ description: 'metadata.generation the condition was decided for.' }),
  lastTransitionTime: z.iso
    .datetime({ offset: true })
    .meta({ description: 'When the status last changed.' }),
  reason: z
    .string()
    .min(1)
    .max(1024)
    .regex(conditionReasonPattern)
    .meta({ description: 'CamelCase reason of the status, for tools.' }),
  message: z.string().max(32768).meta({ description: 'Explanation for people.' }),
});

export const conditions = listMap(z.array(condition).max(32), 'type').meta({
  description: 'Latest observations of the resource state.',
});

export const basicStatus = z.object({ conditions: conditions.optional() });

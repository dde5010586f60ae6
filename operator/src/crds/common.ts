import { permissionEffectSchema } from '@nimbus/api';
import { emailPattern, providerKinds } from '@nimbus/api/shared';
import { z } from 'zod';
import { listMap } from './rules.js';
import { dnsLabel, dnsSubdomain, nameRef } from './names.js';

export const email = z
  .email({ pattern: emailPattern, message: 'must be a valid email address' })
  .max(254);

/** Per-cluster access effect (SPEC §6, §9). */
export const effect = z.enum(['Allow', 'Deny']);

/** Role permission effect: the contract's (SPEC §3 "permissions each with effect allow or deny"). */
export const permissionEffect = permissionEffectSchema;

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
  effect: effect.default('Allow').meta({ description: 'Allow enables, Deny disables access.' }),
});

export const clusterPermissions = listMap(z.array(clusterPermission), 'cluster').meta({
  description: 'Per-cluster role and effect, one entry per cluster.',
});

const conditionTypePattern =
  /^([a-z0-9]([-a-z0-9]*[a-z0-9])?([.][a-z0-9]([-a-z0-9]*[a-z0-9])?)*[/])?(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])$/;
const conditionReasonPattern = /^[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?$/;

/** Same shape and limits as metav1.Condition, so standard tooling (kubectl wait) understands it. */
export const condition = z.object({
  type: z.string().max(316).regex(conditionTypePattern),
  status: z.enum(['True', 'False', 'Unknown']),
  observedGeneration: z.int().min(0).optional(),
  lastTransitionTime: z.iso.datetime({ offset: true }),
  reason: z.string().min(1).max(1024).regex(conditionReasonPattern),
  message: z.string().max(32768),
});

export const conditions = listMap(z.array(condition).max(32), 'type').meta({
  description: 'Latest observations of the resource state.',
});

export const basicStatus = z.object({ conditions: conditions.optional() });

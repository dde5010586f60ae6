import { z } from 'zod';
import { providerKinds } from '../shared/providers.js';
import { effectSchema } from './common.js';
import { memberCallSchema, refusalCauses } from './refusal.js';

/** How the console shows a provider kind. */
export const providerInfoSchema = z.object({
  kind: z.enum(providerKinds),
  displayName: z.string(),
  vendor: z.string(),
  /** False when this operator has no adapter for the kind yet. */
  available: z.boolean(),
  /** Names of the write-only credential fields the kind expects. */
  credentialFields: z.array(z.string()),
});
export type ProviderInfo = z.output<typeof providerInfoSchema>;
export const supportedProvidersSchema = z.object({ items: z.array(providerInfoSchema) });

/**
 * Either a console permission, or one exact call (verb and resource at least) such as the one a
 * member just refused; `refused` says it was refused, and why, so the answer is never "allowed".
 */
export const explainQuery = z
  .object({
    cluster: z.string().trim().min(1).max(253),
    permission: z.string().trim().min(1).max(100).optional(),
    ...memberCallSchema.partial().shape,
    refused: z.enum(refusalCauses).optional(),
  })
  .refine((q) => q.permission !== undefined || (q.verb !== undefined && q.resource !== undefined), {
    message: 'give a permission, or a verb and a resource',
    path: ['permission'],
  });
export type ExplainQuery = z.output<typeof explainQuery>;

/** Why the console allows or refuses, most decisive first; the console words each code. */
export const explanationReasons = [
  'not-member',
  'no-binding',
  'cluster-denied',
  'role-denies',
  'not-granted',
  'granted',
  'system-admin',
] as const;

export const explainedBindingSchema = z.object({
  source: z.union([
    z.object({ kind: z.literal('group'), name: z.string() }),
    z.object({ kind: z.literal('user') }),
  ]),
  role: z.string(),
  effect: effectSchema,
  /** False when the role is missing or of another organization: it grants nothing. */
  usable: z.boolean(),
  /** What this role says about the permission. */
  permission: z.enum(['allow', 'deny', 'absent']),
});

export const memberCheckAnswerSchema = z.object({
  group: z.string(),
  resource: z.string(),
  verb: z.string(),
  subresource: z.string().optional(),
  namespace: z.string().optional(),
  name: z.string().optional(),
  allowed: z.boolean(),
  /** The authorizer's own reason, when it gave one. */
  reason: z.string(),
});

/** The member's verdict for the impersonated user, or why it could not be asked. */
export const memberVerdictSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('answered'),
    principal: z.string(),
    allowed: z.boolean(),
    checks: z.array(memberCheckAnswerSchema),
  }),
  z.object({
    status: z.enum(['not-ready', 'unreachable']),
    principal: z.string(),
    message: z.string(),
  }),
]);

/** What the answer about one exact call found, most telling first; the console words each code. */
export const callFindings = [
  'allowed',
  // The member's RBAC refuses, and no role bound in the console grants it either.
  'not-granted',
  // No console permission grants this call: only the member's own administrator can.
  'not-in-catalogue',
  // The console grants it, the member does not (yet): the projection has not reached the member,
  // or the member's administrator changed it.
  'not-projected',
  // The member's RBAC allows the verb, but the object grants rights the caller does not hold.
  'escalation',
  // The member does not let Nimbus act as the caller.
  'impersonation',
  // The member's RBAC allows the call now, yet it was refused: admission, quota, or rights that
  // changed since.
  'refused-otherwise',
  // The member could not be asked.
  'unknown',
] as const;

/** An RBAC rule, as Kubernetes writes it in a Role. */
export const rbacRuleSchema = z.object({
  apiGroups: z.array(z.string()),
  resources: z.array(z.string()),
  verbs: z.array(z.string()),
  resourceNames: z.array(z.string()).optional(),
});

/** The answer about one exact call. */
export const callExplanationSchema = z.object({
  call: memberCallSchema,
  /** Catalogue permissions whose member rules would allow the call. */
  permissions: z.array(z.string()),
  /** The caller said the call was just refused: the outcome is then never allowed. */
  refused: z.boolean(),
  outcome: z.enum(['allowed', 'refused', 'unknown']),
  finding: z.enum(callFindings),
  /** The verbs the member's RBAC grants the user on this resource there now. */
  held: z.array(z.string()),
  /** The rule the user would need, when the member's RBAC refuses it; namespaced when given. */
  missing: rbacRuleSchema.extend({ namespace: z.string().optional() }).optional(),
});
export type CallExplanation = z.output<typeof callExplanationSchema>;
export type CallFinding = (typeof callFindings)[number];

/** "Why can / can't user U do permission P on cluster C": the console's and the member's answer. */
export const accessExplanationSchema = z.object({
  user: z.string(),
  cluster: z.string(),
  organization: z.string(),
  permission: z.string(),
  memberOfOrganization: z.boolean(),
  /** Whose bindings were chosen on this cluster: groups first, per organization. */
  chosen: z.enum(['groups', 'user', 'none']),
  groups: z.array(z.string()),
  bindings: z.array(explainedBindingSchema),
  effect: z.union([effectSchema, z.literal('None')]),
  /** The permission is among what the chosen roles allow after denials. */
  allowedByRoles: z.boolean(),
  allowed: z.boolean(),
  reason: z.enum(explanationReasons),
  member: memberVerdictSchema,
  /** Present when an exact call was asked about; `permission` is then the one that covers it. */
  call: callExplanationSchema.optional(),
});
export type AccessExplanation = z.output<typeof accessExplanationSchema>;
export type ExplainedBinding = z.output<typeof explainedBindingSchema>;
export type MemberCheckAnswer = z.output<typeof memberCheckAnswerSchema>;
export type MemberVerdict = z.output<typeof memberVerdictSchema>;
export type ExplanationReason = (typeof explanationReasons)[number];

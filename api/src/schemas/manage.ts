import { z } from 'zod';
import { monitorTypes, providerKinds } from '../shared/providers.js';
import { effectSchema } from './common.js';

/** How the console shows a provider kind (SPEC §3 Provider/cluster). */
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

/** A monitoring endpoint of a cluster; id is `<cluster>.<type lowercase>`. */
export const monitorViewSchema = z.object({
  id: z.string(),
  providerId: z.string(),
  type: z.enum(monitorTypes),
  address: z.string(),
  enabled: z.boolean(),
});
export type MonitorView = z.output<typeof monitorViewSchema>;
export const monitorViewsSchema = z.object({ items: z.array(monitorViewSchema) });

export const explainQuery = z.object({
  cluster: z.string().trim().min(1).max(253),
  permission: z.string().trim().min(1).max(100),
});

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

/** "Why can / can't user U do permission P on cluster C": the console's and the member's answer. */
export const accessExplanationSchema = z.object({
  user: z.string(),
  cluster: z.string(),
  organization: z.string(),
  permission: z.string(),
  memberOfOrganization: z.boolean(),
  /** Whose bindings were chosen on this cluster (SPEC §6 "groups first", per organization). */
  chosen: z.enum(['groups', 'user', 'none']),
  groups: z.array(z.string()),
  bindings: z.array(explainedBindingSchema),
  effect: z.union([effectSchema, z.literal('None')]),
  /** The permission is among what the chosen roles allow after denials. */
  allowedByRoles: z.boolean(),
  allowed: z.boolean(),
  reason: z.enum(explanationReasons),
  member: memberVerdictSchema,
});
export type AccessExplanation = z.output<typeof accessExplanationSchema>;
export type ExplainedBinding = z.output<typeof explainedBindingSchema>;
export type MemberCheckAnswer = z.output<typeof memberCheckAnswerSchema>;
export type MemberVerdict = z.output<typeof memberVerdictSchema>;
export type ExplanationReason = (typeof explanationReasons)[number];

import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';

/**
 * How much of a call the audit keeps, as Kubernetes audit levels: nothing, the metadata (who,
 * what, when, outcome, headers), also the redacted request body, also the redacted response data.
 */
export const auditLevels = ['None', 'Metadata', 'Request', 'RequestResponse'] as const;
export type AuditLevel = (typeof auditLevels)[number];
/** The levels a stored record can carry (None is never stored). */
export type RecordedLevel = Exclude<AuditLevel, 'None'>;

/** success: 1xx–3xx with code 0 or none; refused: 9997/9998, 401/403; failed: anything else. */
export const auditOutcomes = ['success', 'refused', 'failed'] as const;
export type AuditOutcome = (typeof auditOutcomes)[number];

const methods = ['GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
const name = z.string().trim().min(1).max(253);

const ruleSchema = z.strictObject({
  level: z.enum(auditLevels),
  /** Services such as `iam`, `k8s`, `auth`. */
  services: z.array(name).min(1).optional(),
  /** Resources as records name them: `iam/users`; a service alone (`iam`) matches all of it. */
  resources: z.array(name).min(1).optional(),
  methods: z
    .array(z.string().trim().toUpperCase().pipe(z.enum(methods)))
    .min(1)
    .optional(),
  outcomes: z.array(z.enum(auditOutcomes)).min(1).optional(),
  /** true: only WebSocket streams (exec); false: only plain calls. */
  streams: z.boolean().optional(),
  /** Verified user names; `-` is an anonymous caller. */
  users: z.array(name).min(1).optional(),
});
export type AuditPolicyRule = z.infer<typeof ruleSchema>;

export const auditPolicySchema = z.strictObject({
  apiVersion: z.literal('nimbus.io/v1alpha1').optional(),
  kind: z.literal('AuditPolicy').optional(),
  /** First match wins; a call no rule matches is not recorded (level None). */
  rules: z.array(ruleSchema).min(1).max(200),
});
export type AuditPolicy = z.infer<typeof auditPolicySchema>;

/**
 * The default (docs/audit.md): every change with its body, sign-ins, refusals and failures with
 * their metadata, WebSocket streams (shells) opened, and no successful read: the console's own
 * page loads would otherwise bury the operations people look for.
 */
export const defaultAuditPolicy: AuditPolicy = {
  apiVersion: 'nimbus.io/v1alpha1',
  kind: 'AuditPolicy',
  rules: [
    // Sign-in, sign-out, registration, MFA: who and when, never a body (credentials).
    { level: 'Metadata', services: ['auth'], methods: ['POST'] },
    { level: 'Request', methods: ['POST', 'PUT', 'PATCH', 'DELETE'] },
    { level: 'Metadata', outcomes: ['refused', 'failed'] },
    { level: 'Metadata', streams: true },
    { level: 'None' },
  ],
};

/** What the policy looks at in one call. */
export interface PolicyCall {
  /** `iam`, `k8s` … (the resource's first segment). */
  service: string;
  /** As the record keeps it: `iam/users`. */
  resource: string;
  method: string;
  outcome: AuditOutcome;
  stream: boolean;
  userName: string;
}

const refusalCodes = new Set([9997, 9998]);

/** The outcome of a call from its HTTP status and business code. */
export function outcomeOf(httpStatus: number, code: number | null): AuditOutcome {
  if ((code !== null && refusalCodes.has(code)) || httpStatus === 401 || httpStatus === 403) {
    return 'refused';
  }
  return httpStatus < 400 && (code === null || code === 0) ? 'success' : 'failed';
}

const resourceMatches = (patterns: readonly string[], resource: string): boolean =>
  patterns.some((pattern) => resource === pattern || resource.startsWith(`${pattern}/`));

function ruleMatches(rule: AuditPolicyRule, call: PolicyCall): boolean {
  return (
    (rule.services === undefined || rule.services.includes(call.service)) &&
    (rule.resources === undefined || resourceMatches(rule.resources, call.resource)) &&
    (rule.methods === undefined || rule.methods.some((method) => method === call.method)) &&
    (rule.outcomes === undefined || rule.outcomes.includes(call.outcome)) &&
    (rule.streams === undefined || rule.streams === call.stream) &&
    (rule.users === undefined || rule.users.includes(call.userName))
  );
}

/** The level of the first rule that matches the call; None when none does. */
export function levelFor(policy: AuditPolicy, call: PolicyCall): AuditLevel {
  return policy.rules.find((rule) => ruleMatches(rule, call))?.level ?? 'None';
}

export class AuditPolicyError extends Error {
  constructor(file: string, problems: string[]) {
    super(`audit policy ${file} is invalid:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'AuditPolicyError';
  }
}

/** Parses a policy document (YAML or JSON text); throws AuditPolicyError naming each problem. */
export function parseAuditPolicy(text: string, source: string): AuditPolicy {
  let document: unknown;
  try {
    document = parseYaml(text);
  } catch (error) {
    throw new AuditPolicyError(source, [error instanceof Error ? error.message : String(error)]);
  }
  const parsed = auditPolicySchema.safeParse(document);
  if (!parsed.success) {
    throw new AuditPolicyError(
      source,
      parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`),
    );
  }
  return parsed.data;
}

/** The policy in the file (the chart's ConfigMap), or the default without one. */
export function loadAuditPolicy(file: string | undefined): AuditPolicy {
  if (file === undefined) return defaultAuditPolicy;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new AuditPolicyError(file, [error instanceof Error ? error.message : String(error)]);
  }
  return parseAuditPolicy(text, file);
}

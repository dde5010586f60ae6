import { z } from 'zod';

/**
 * CCE's "create cluster certificate" answer is a kubeconfig in JSON with several contexts for the
 * same cluster: `internal` (VPC address), `external` (public EIP, typically marked
 * insecure-skip-tls-verify) and, when the API server certificate covers the EIP, `externalTLSVerify`.
 * The operator lives outside the VPC, so it takes an external context, and never skips TLS
 * verification: when the external cluster entry carries no CA, the cluster CA from a sibling entry
 * of the same answer is used instead (every entry describes the same API server).
 */
export const EXTERNAL_CONTEXT_PREFERENCE = ['externalTLSVerify', 'external'] as const;

const Named = z.object({ name: z.string(), cluster: z.record(z.string(), z.unknown()) });
const CertAnswer = z.object({
  clusters: z.array(Named),
  users: z.array(z.object({ name: z.string(), user: z.record(z.string(), z.unknown()) })),
  contexts: z.array(
    z.object({ name: z.string(), context: z.object({ cluster: z.string(), user: z.string() }) }),
  ),
  'current-context': z.string().optional(),
});

export type ExternalKubeconfig = { ok: true; text: string } | { ok: false; reason: string };

function chooseContext(answer: z.infer<typeof CertAnswer>): string | undefined {
  const names = new Set(answer.contexts.map((context) => context.name));
  const preferred = EXTERNAL_CONTEXT_PREFERENCE.find((name) => names.has(name));
  return preferred ?? answer['current-context'] ?? answer.contexts[0]?.name;
}

function withVerifiedTls(
  cluster: Record<string, unknown>,
  siblings: z.infer<typeof Named>[],
): Record<string, unknown> {
  if (cluster['certificate-authority-data'] || cluster['insecure-skip-tls-verify'] !== true) {
    return cluster;
  }
  const ca = siblings
    .map((entry) => entry.cluster['certificate-authority-data'])
    .find((value) => typeof value === 'string' && value !== '');
  if (ca === undefined) return cluster; // left insecure, so the sanitizer refuses it
  const { 'insecure-skip-tls-verify': _skip, ...rest } = cluster;
  return { ...rest, 'certificate-authority-data': ca };
}

/** Reduces the CCE answer to a one-context kubeconfig for the sanitizer, or says why it cannot. */
export function externalKubeconfig(body: unknown): ExternalKubeconfig {
  const parsed = CertAnswer.safeParse(body);
  if (!parsed.success) return { ok: false, reason: 'the answer is not a kubeconfig' };
  const answer = parsed.data;
  const contextName = chooseContext(answer);
  const contexts = answer.contexts.filter((context) => context.name === contextName);
  const context = contexts[0];
  if (!context) return { ok: false, reason: 'the answer has no usable context' };
  const clusters = answer.clusters
    .filter((entry) => entry.name === context.context.cluster)
    .map((entry) => ({ ...entry, cluster: withVerifiedTls(entry.cluster, answer.clusters) }));
  const users = answer.users.filter((entry) => entry.name === context.context.user);
  // Duplicates are kept so the sanitizer still refuses ambiguous names.
  const text = JSON.stringify({ clusters, users, contexts, 'current-context': context.name });
  return { ok: true, text };
}

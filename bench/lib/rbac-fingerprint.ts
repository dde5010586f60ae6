// What a member's Nimbus-managed RBAC says, as one string: each ClusterRole's rules and each
// ClusterRoleBinding's role and subjects, sorted. The member's authorizer answers from these
// objects, so two equal fingerprints give equal answers; the IAM bench times when the member's
// RBAC first took its final form (found after the reviews confirmed it) without waiting for
// thousands of reviews in between.
import { call, type Member } from './member.js';

const selector = encodeURIComponent('app.kubernetes.io/managed-by=nimbus');
/** Member calls one fingerprint makes: a list of each kind. */
export const callsPerFingerprint = 2;

interface RbacObject {
  metadata: { name: string };
  rules?: unknown[];
  roleRef?: unknown;
  subjects?: Array<{ kind: string; name: string; namespace?: string }>;
}

async function listed(member: Member, plural: string): Promise<RbacObject[]> {
  const answer = await call(
    member,
    'GET',
    `/apis/rbac.authorization.k8s.io/v1/${plural}?labelSelector=${selector}`,
  );
  if (answer.status !== 200) throw new Error(`${member.name}: list ${plural}: ${answer.status}`);
  return (answer.body as { items?: RbacObject[] }).items ?? [];
}

export async function rbacFingerprint(member: Member): Promise<string> {
  const [roles, bindings] = await Promise.all([
    listed(member, 'clusterroles'),
    listed(member, 'clusterrolebindings'),
  ]);
  const lines = [
    ...roles.map((role) => `role ${role.metadata.name} ${JSON.stringify(role.rules ?? [])}`),
    ...bindings.map((binding) => {
      const subjects = (binding.subjects ?? [])
        .map((s) => `${s.kind}/${s.namespace ?? ''}/${s.name}`)
        .sort();
      return `binding ${binding.metadata.name} ${JSON.stringify(binding.roleRef)} ${subjects.join(',')}`;
    }),
  ];
  return lines.sort().join('\n');
}

/**
 * When a series of fingerprints, taken in time order, first showed `final` and kept it to the
 * end; undefined if the last one differs.
 */
export function settledAt(
  seen: ReadonlyArray<{ at: number; fingerprint: string }>,
  final: string,
): number | undefined {
  let since: number | undefined;
  for (const { at, fingerprint } of seen) {
    if (fingerprint !== final) since = undefined;
    else since ??= at;
  }
  return since;
}

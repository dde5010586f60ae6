// Kubernetes RBAC's verdict over projected member objects, for tests: does any ClusterRole bound
// by these ClusterRoleBindings allow `verb` on (apiGroup, resource)? Only what the projection
// writes is modelled: ClusterRoles and ClusterRoleBindings, no aggregation.
import type { MemberRbac } from '../clusters/rbac/desired-state.js';

const matches = (values: readonly string[], value: string): boolean =>
  values.includes('*') || values.includes(value);

export function rbacAllows(
  rbac: MemberRbac,
  subject: (name: string) => boolean,
  verb: string,
  apiGroup: string,
  resource: string,
): boolean {
  const roles = new Map(rbac.clusterRoles.map((role) => [role.metadata.name, role]));
  return rbac.clusterRoleBindings
    .filter((binding) => binding.subjects.some((s) => s.kind === 'User' && subject(s.name)))
    .flatMap((binding) => roles.get(binding.roleRef.name)?.rules ?? [])
    .some(
      (rule) =>
        rule.resourceNames === undefined &&
        matches(rule.verbs, verb) &&
        matches(rule.apiGroups, apiGroup) &&
        matches(rule.resources, resource),
    );
}

import type { RbacRule } from '../../access/catalogue.js';
import { effectiveClusterAccess } from '../../access/effective.js';
import { rbacRulesFor } from '../../access/rbac.js';
import type { Role } from '../../crds/role.js';
import type { UserGroup } from '../../crds/user-group.js';
import type { User } from '../../crds/user.js';

export const managedByLabel = 'app.kubernetes.io/managed-by';
export const managedByValue = 'nimbus';
export const managedBySelector = `${managedByLabel}=${managedByValue}`;
/** Only objects named like this are ever deleted, even when another tool uses the same label. */
export const managedNamePrefix = 'nimbus:';
export const impersonatorName = 'nimbus:impersonator';
/** The built-in role a system admin holds in every member that does not deny them. */
export const systemAdminRole = 'owner';

export const roleObjectName = (role: string): string => `nimbus:role:${role}`;
export const bindingObjectName = (user: string, role: string): string =>
  `nimbus:user:${user}:${role}`;

export interface MemberClusterRole {
  apiVersion: 'rbac.authorization.k8s.io/v1';
  kind: 'ClusterRole';
  metadata: { name: string; labels: Record<string, string> };
  rules: Array<RbacRule & { resourceNames?: string[] }>;
}

export interface MemberSubject {
  kind: 'User';
  apiGroup: 'rbac.authorization.k8s.io';
  name: string;
}

export interface MemberClusterRoleBinding {
  apiVersion: 'rbac.authorization.k8s.io/v1';
  kind: 'ClusterRoleBinding';
  metadata: { name: string; labels: Record<string, string> };
  roleRef: { apiGroup: 'rbac.authorization.k8s.io'; kind: 'ClusterRole'; name: string };
  subjects: MemberSubject[];
}

export interface MemberRbac {
  clusterRoles: MemberClusterRole[];
  clusterRoleBindings: MemberClusterRoleBinding[];
}

interface Named {
  metadata: { name: string; deletionTimestamp?: string };
}
export interface RbacInputs {
  users: ReadonlyArray<Named & Pick<User, 'spec'>>;
  groups: ReadonlyArray<Named & Pick<UserGroup, 'spec'>>;
  roles: ReadonlyArray<Named & Pick<Role, 'spec'>>;
}

const labels = (): Record<string, string> => ({ [managedByLabel]: managedByValue });

const user = (name: string): MemberSubject => ({
  kind: 'User',
  apiGroup: 'rbac.authorization.k8s.io',
  name,
});

function clusterRole(name: string, rules: MemberClusterRole['rules']): MemberClusterRole {
  return {
    apiVersion: 'rbac.authorization.k8s.io/v1',
    kind: 'ClusterRole',
    metadata: { name, labels: labels() },
    rules,
  };
}

function binding(name: string, role: string, subject: MemberSubject): MemberClusterRoleBinding {
  return {
    apiVersion: 'rbac.authorization.k8s.io/v1',
    kind: 'ClusterRoleBinding',
    metadata: { name, labels: labels() },
    roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: role },
    subjects: [subject],
  };
}

/** The permissions a role itself allows: its allow entries minus its own deny entries. */
export function allowedBy(role: Pick<Role, 'spec'>): string[] {
  const entries = role.spec.permissions ?? [];
  const denied = new Set(entries.filter((p) => p.effect === 'deny').map((p) => p.name));
  return entries.filter((p) => p.effect === 'allow' && !denied.has(p.name)).map((p) => p.name);
}

/**
 * The operator may impersonate exactly the Nimbus users. With no users the rule is left out:
 * an empty resourceNames list would mean every user.
 */
export function impersonatorRole(userNames: readonly string[]): MemberClusterRole {
  const names = [...new Set(userNames)].sort();
  return clusterRole(
    impersonatorName,
    names.length === 0
      ? []
      : [{ apiGroups: [''], resources: ['users'], verbs: ['impersonate'], resourceNames: names }],
  );
}

/**
 * The RBAC objects one member cluster should hold (SPEC §6): for every user whose effective
 * access to the cluster is Allow, a binding per bound role to that role's ClusterRole; Deny or
 * no binding grants nothing. A member registered under several Cluster names holds the union. `operatorIdentity` is the user name the member sees for the
 * operator's own credentials; when known it is bound to the impersonator role.
 */
export function desiredMemberRbac(
  inputs: RbacInputs,
  cluster: string | readonly string[],
  operatorIdentity?: string,
): MemberRbac {
  const live = <T extends Named>(items: readonly T[]): T[] =>
    items.filter((item) => item.metadata.deletionTimestamp === undefined);
  const users = live(inputs.users);
  const groups = live(inputs.groups);
  const roles = live(inputs.roles);
  const roleByName = new Map(roles.map((r) => [r.metadata.name, r]));
  const groupByName = new Map(groups.map((g) => [g.metadata.name, g]));

  const usedRoles = new Set<string>();
  const bindings: MemberClusterRoleBinding[] = [];
  const clusters = typeof cluster === 'string' ? [cluster] : cluster;
  for (const u of users) {
    const byCluster = effectiveClusterAccess(u, groups, roles);
    const allowed = clusters.flatMap((c) =>
      byCluster[c]?.effect === 'Allow' ? [byCluster[c]] : [],
    );
    const userOrgs = new Set((u.spec.organizations ?? []).map((m) => m.name));
    // System admins see every cluster in the console, so the members let them act there too,
    // unless a binding explicitly denies them (docs/decisions.md "System admins in members").
    if (u.spec.sysAdmin === true && clusters.some((c) => byCluster[c]?.effect !== 'Deny')) {
      const name = bindingObjectName(u.metadata.name, systemAdminRole);
      if (roleByName.has(systemAdminRole) && !bindings.some((b) => b.metadata.name === name)) {
        usedRoles.add(systemAdminRole);
        bindings.push(binding(name, roleObjectName(systemAdminRole), user(u.metadata.name)));
      }
    }
    for (const bound of allowed.flatMap((access) => access?.roles ?? [])) {
      const role = roleByName.get(bound.role);
      if (bound.effect !== 'Allow' || !role) continue;
      // The same rule as effectiveClusterAccess: a role from another organization grants nothing.
      const orgs =
        bound.source.kind === 'group'
          ? new Set([groupByName.get(bound.source.name)?.spec.organization])
          : userOrgs;
      if (role.spec.builtIn !== true && !orgs.has(role.spec.organization ?? '')) continue;
      const name = bindingObjectName(u.metadata.name, bound.role);
      if (bindings.some((b) => b.metadata.name === name)) continue;
      usedRoles.add(bound.role);
      bindings.push(binding(name, roleObjectName(bound.role), user(u.metadata.name)));
    }
  }

  const clusterRoles = [...usedRoles].sort().map((name) => {
    const role = roleByName.get(name);
    return clusterRole(roleObjectName(name), rbacRulesFor(role ? allowedBy(role) : []));
  });
  clusterRoles.push(impersonatorRole(users.map((u) => u.metadata.name)));
  if (operatorIdentity) {
    bindings.push(binding(impersonatorName, impersonatorName, user(operatorIdentity)));
  }
  bindings.sort((a, b) => a.metadata.name.localeCompare(b.metadata.name));
  return { clusterRoles, clusterRoleBindings: bindings };
}

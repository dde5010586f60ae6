import type { RbacRule } from '../../access/catalogue.js';
import type { OrganizationLookup } from '../../iam/org-scope.js';
import type { ClusterLike } from '../../access/effective.js';
import { effectiveClusterAccess } from '../../access/effective.js';
import { rbacRulesFor } from '../../access/rbac.js';
import type { Role } from '../../crds/role.js';
import type { UserGroup } from '../../crds/user-group.js';
import type { User } from '../../crds/user.js';
import { memberUserName } from '../member-principal.js';

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
  /** Every registered Cluster: a binding applies only inside its cluster's organization. */
  clusters: readonly ClusterLike[];
  /** Organizations by name, to check each cluster's organization uid (organizationOf). */
  organizations: OrganizationLookup;
}

const labels = (): Record<string, string> => ({ [managedByLabel]: managedByValue });

/** A Nimbus user as the member sees it (the impersonated name). */
const user = (name: string): MemberSubject => ({
  kind: 'User',
  apiGroup: 'rbac.authorization.k8s.io',
  name: memberUserName(name),
});

/** The operator's own principal in the member, used as it is. */
const operatorSubject = (name: string): MemberSubject => ({
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
  const names = [...new Set(userNames.map(memberUserName))].sort();
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
  const names = new Set(typeof cluster === 'string' ? [cluster] : cluster);
  const projected = inputs.clusters.filter((c) => names.has(c.metadata.name));

  const usedRoles = new Set<string>();
  const bindings: MemberClusterRoleBinding[] = [];
  const add = (userName: string, role: string): void => {
    const name = bindingObjectName(userName, role);
    if (bindings.some((b) => b.metadata.name === name)) return;
    usedRoles.add(role);
    bindings.push(binding(name, roleObjectName(role), user(userName)));
  };
  for (const u of users) {
    // Only bindings valid inside each cluster's organization count (effectiveClusterAccess).
    const byCluster = effectiveClusterAccess(u, groups, roles, projected, inputs.organizations);
    const accesses = Object.values(byCluster);
    // System admins see every cluster in the console, so the members let them act there too,
    // unless a binding explicitly denies them (docs/decisions.md "System admins in members").
    if (
      u.spec.sysAdmin === true &&
      roleByName.has(systemAdminRole) &&
      [...names].some((c) => byCluster[c]?.effect !== 'Deny')
    ) {
      add(u.metadata.name, systemAdminRole);
    }
    for (const access of accesses) {
      if (access.effect !== 'Allow') continue;
      for (const bound of access.roles) {
        if (bound.effect === 'Allow' && bound.usable) add(u.metadata.name, bound.role);
      }
    }
  }

  const clusterRoles = [...usedRoles].sort().map((name) => {
    const role = roleByName.get(name);
    return clusterRole(roleObjectName(name), rbacRulesFor(role ? allowedBy(role) : []));
  });
  clusterRoles.push(impersonatorRole(users.map((u) => u.metadata.name)));
  if (operatorIdentity) {
    bindings.push(binding(impersonatorName, impersonatorName, operatorSubject(operatorIdentity)));
  }
  bindings.sort((a, b) => a.metadata.name.localeCompare(b.metadata.name));
  return { clusterRoles, clusterRoleBindings: bindings };
}

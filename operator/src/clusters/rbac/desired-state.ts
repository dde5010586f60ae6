import type { RbacRule } from '../../access/catalogue.js';
import type { ClusterLike } from '../../access/effective.js';
import { clusterAccessOf } from '../../access/effective.js';
import { memberGrant } from '../../access/member-grant.js';
import { rbacRulesFor } from '../../access/rbac.js';
import type { Role } from '../../crds/role.js';
import type { UserGroup } from '../../crds/user-group.js';
import type { User } from '../../crds/user.js';
import type { OrganizationLookup } from '../../access/org-scope.js';
import { memberUserName } from '../../member/principal.js';
import { impersonatorObjectName, ownedLabels, rulesObjectName } from './ownership.js';

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
  /** Organizations by name, to check the cluster's organization uid (organizationOf). */
  organizations: OrganizationLookup;
}

/** The registration being projected: a Cluster, identified by its uid. */
export type Registration = ClusterLike & { metadata: { uid: string } };

export const subject = (name: string): MemberSubject => ({
  kind: 'User',
  apiGroup: 'rbac.authorization.k8s.io',
  name,
});

function clusterRole(
  name: string,
  labels: Record<string, string>,
  rules: MemberClusterRole['rules'],
): MemberClusterRole {
  return {
    apiVersion: 'rbac.authorization.k8s.io/v1',
    kind: 'ClusterRole',
    metadata: { name, labels },
    rules,
  };
}

function binding(
  name: string,
  labels: Record<string, string>,
  subjects: MemberSubject[],
): MemberClusterRoleBinding {
  return {
    apiVersion: 'rbac.authorization.k8s.io/v1',
    kind: 'ClusterRoleBinding',
    metadata: { name, labels },
    roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name },
    subjects,
  };
}

/**
 * The operator may impersonate exactly the Nimbus users. With no users the rule is left out:
 * an empty resourceNames list would mean every user.
 */
export function impersonatorRules(userNames: readonly string[]): MemberClusterRole['rules'] {
  const names = [...new Set(userNames.map(memberUserName))].sort();
  return names.length === 0
    ? []
    : [{ apiGroups: [''], resources: ['users'], verbs: ['impersonate'], resourceNames: names }];
}

const live = <T extends Named>(items: readonly T[]): T[] =>
  items.filter((item) => item.metadata.deletionTimestamp === undefined);

/**
 * What the member grants each live user on this registration (memberGrant): only bindings valid
 * inside the cluster's organization count (clusterAccessOf). Users granted nothing are left out.
 */
export function memberGrants(
  inputs: RbacInputs,
  cluster: Registration,
): Array<{ user: string; permissions: string[] }> {
  const roles = live(inputs.roles);
  const roleByName = new Map(roles.map((r) => [r.metadata.name, r]));
  // Each user's groups, found once per pass: asking every group of every user was 10,000 users
  // times 1,000 groups per member and pass (docs/performance.md "Ten times that").
  const groupsByMember = new Map<string, Array<RbacInputs['groups'][number]>>();
  for (const group of live(inputs.groups)) {
    for (const member of new Set(group.spec.members ?? [])) {
      const mine = groupsByMember.get(member);
      if (mine) mine.push(group);
      else groupsByMember.set(member, [group]);
    }
  }
  return live(inputs.users).flatMap((user) => {
    const groups = groupsByMember.get(user.metadata.name) ?? [];
    const access = clusterAccessOf(user, groups, roles, cluster, inputs.organizations);
    const permissions = memberGrant({ sysAdmin: user.spec.sysAdmin === true }, access, roleByName);
    return permissions ? [{ user: user.metadata.name, permissions }] : [];
  });
}

/**
 * The RBAC objects one registration of a member should hold: for the users whose access
 * to the cluster is Allow, the rules of their effective permissions — denials of every bound role
 * already removed, since RBAC itself cannot deny — as one ClusterRole per distinct set of rules,
 * bound to every `nimbus:<user>` who has exactly that set; Deny or no binding grants nothing. Every object is named and labelled with
 * the Cluster's uid, so two registrations of one member never touch each other's objects.
 * `operatorIdentity` is the user name the member sees for this registration's credentials; when
 * known it is bound to the impersonator role.
 */
export function desiredMemberRbac(
  inputs: RbacInputs,
  cluster: Registration,
  operatorIdentity?: string,
): MemberRbac {
  const uid = cluster.metadata.uid;
  const labels = ownedLabels(cluster);

  // Users with the same rules share one ClusterRole and one binding (rulesObjectName).
  type Shared = { rules: MemberClusterRole['rules']; names: string[] };
  const usersByRules = new Map<string, Shared>();
  // Thousands of users hold a handful of distinct permission sets (memberGrant sorts each), so
  // the rules are built once per set and pass: built per user they were most of the operator's
  // CPU while 10,000 users were applied (docs/performance.md "Ten times that").
  const sharedByPermissions = new Map<string, Shared | undefined>();
  const sharedFor = (permissions: string[]): Shared | undefined => {
    const rules = rbacRulesFor(permissions);
    if (rules.length === 0) return undefined;
    const key = JSON.stringify(rules);
    const shared = usersByRules.get(key) ?? { rules, names: [] };
    usersByRules.set(key, shared);
    return shared;
  };
  for (const { user, permissions } of memberGrants(inputs, cluster)) {
    const permissionsKey = permissions.join('\n');
    if (!sharedByPermissions.has(permissionsKey)) {
      sharedByPermissions.set(permissionsKey, sharedFor(permissions));
    }
    sharedByPermissions.get(permissionsKey)?.names.push(memberUserName(user));
  }
  const clusterRoles: MemberClusterRole[] = [];
  const bindings: MemberClusterRoleBinding[] = [];
  for (const [key, { rules, names }] of usersByRules) {
    const name = rulesObjectName(uid, key);
    clusterRoles.push(clusterRole(name, labels, rules));
    bindings.push(binding(name, labels, names.sort().map(subject)));
  }
  const impersonator = impersonatorObjectName(uid);
  const userNames = live(inputs.users).map((u) => u.metadata.name);
  clusterRoles.push(clusterRole(impersonator, labels, impersonatorRules(userNames)));
  if (operatorIdentity) bindings.push(binding(impersonator, labels, [subject(operatorIdentity)]));
  const byName = (a: { metadata: { name: string } }, b: { metadata: { name: string } }) =>
    a.metadata.name.localeCompare(b.metadata.name);
  return { clusterRoles: clusterRoles.sort(byName), clusterRoleBindings: bindings.sort(byName) };
}

// "Why can / can't user U do permission P on cluster C": the console's side of the answer,
// computed with the same rules as effectiveClusterAccess, and the member checks to ask.
import type { AccessExplanation, ExplainedBinding, ExplanationReason } from '@nimbus/api';
import type { ClusterAccess, ClusterLike } from './effective.js';
import { chosenBindings, clusterAccessOf, groupsOf, isMemberOf } from './effective.js';
import { findPermission } from './catalogue.js';
import { memberGrant } from './member-grant.js';
import type { Role } from '../crds/role.js';
import type { UserGroup } from '../crds/user-group.js';
import type { User } from '../crds/user.js';
import type { OrganizationLookup } from './org-scope.js';
import { organizationOf } from './org-scope.js';

export type { ExplainedBinding, ExplanationReason };

/** The console's side of the answer: everything but the member's verdict. */
export type ConsoleVerdict = Omit<AccessExplanation, 'member'>;

interface Named {
  metadata: { name: string };
}
type UserLike = Named & Pick<User, 'spec'>;
type GroupLike = Named & Pick<UserGroup, 'spec'>;
type RoleLike = Named & Pick<Role, 'spec'>;

function roleSays(role: RoleLike | undefined, permission: string): ExplainedBinding['permission'] {
  const entries = (role?.spec.permissions ?? []).filter((p) => p.name === permission);
  if (entries.some((p) => p.effect === 'Deny')) return 'deny';
  return entries.length > 0 ? 'allow' : 'absent';
}

function reasonOf(
  user: UserLike,
  access: ClusterAccess | undefined,
  member: boolean,
  allowedByRoles: boolean,
  granted: boolean,
  bindings: readonly ExplainedBinding[],
): ExplanationReason {
  if (access?.effect === 'Deny') return 'cluster-denied';
  // System admins hold the owner role in every member that does not deny them.
  if (user.spec.sysAdmin === true && granted) return 'system-admin';
  if (!member) return 'not-member';
  if (!access) return 'no-binding';
  if (allowedByRoles) return 'granted';
  return bindings.some((b) => b.usable && b.permission === 'deny') ? 'role-denies' : 'not-granted';
}

/** The console's verdict, with every binding that was considered and what its role says. */
export function explainConsoleAccess(
  user: UserLike,
  groups: readonly GroupLike[],
  roles: readonly RoleLike[],
  cluster: ClusterLike,
  permission: string,
  organizations: OrganizationLookup,
): ConsoleVerdict {
  const organization = organizationOf(cluster, organizations) ?? '';
  const member = isMemberOf(user, organization);
  const choice = chosenBindings(user, groups, cluster.metadata.name, organization);
  const access = clusterAccessOf(user, groups, roles, cluster, organizations);
  const roleByName = new Map(roles.map((r) => [r.metadata.name, r]));
  const bindings: ExplainedBinding[] = (access?.roles ?? []).map((b) => ({
    source: b.source,
    role: b.role,
    effect: b.effect,
    usable: b.usable,
    permission: roleSays(roleByName.get(b.role), permission),
  }));
  const allowedByRoles = access?.permissions.includes(permission) ?? false;
  // What the member is given (the projection's own grant), so both sides always agree.
  const sysAdmin = user.spec.sysAdmin === true;
  const granted = memberGrant({ sysAdmin }, access, roleByName)?.includes(permission) ?? false;
  const reason = reasonOf(user, access, member, allowedByRoles, granted, bindings);
  const chosenGroups =
    choice?.chosen === 'groups'
      ? groupsOf(user, groups, organization)
          .map((g) => g.metadata.name)
          .sort()
      : [];
  return {
    user: user.metadata.name,
    cluster: cluster.metadata.name,
    organization,
    permission,
    memberOfOrganization: member,
    chosen: choice?.chosen ?? 'none',
    groups: chosenGroups,
    bindings,
    effect: access?.effect ?? 'None',
    allowedByRoles,
    allowed: granted,
    reason,
  };
}

/** One question for the member's authorizer (a SubjectAccessReview's resourceAttributes). */
export interface MemberCheck {
  group: string;
  resource: string;
  verb: string;
  subresource?: string;
  namespace?: string;
  name?: string;
}

/** The RBAC requests a console permission stands for (access/rbac.ts projects the same rules). */
export function memberChecksFor(permission: string): MemberCheck[] {
  const checks: MemberCheck[] = [];
  for (const rule of findPermission(permission)?.rules ?? []) {
    for (const group of rule.apiGroups) {
      for (const resource of rule.resources) {
        for (const verb of rule.verbs) checks.push({ group, resource, verb });
      }
    }
  }
  return checks;
}

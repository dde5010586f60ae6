import type { Role } from '../crds/role.js';
import type { UserGroup } from '../crds/user-group.js';
import type { User } from '../crds/user.js';
import type { OrganizationLookup } from './org-scope.js';
import { organizationOf } from './org-scope.js';

export type Effect = 'Allow' | 'Deny';

/** Where a per-cluster binding came from: one of the user's groups, or the user itself. */
export type BindingSource = { kind: 'group'; name: string } | { kind: 'user' };

export interface EffectiveBinding {
  role: string;
  effect: Effect;
  source: BindingSource;
  /** False when the role is missing or neither built in nor of the cluster's organization. */
  usable: boolean;
}

export interface ClusterAccess {
  cluster: string;
  /** The organization that owns the cluster; only its bindings were considered. */
  organization: string;
  /** Which bindings were chosen: the user's groups in that organization, or the user's own. */
  chosen: 'groups' | 'user';
  roles: EffectiveBinding[];
  /** Deny when any chosen binding on the cluster denies. */
  effect: Effect;
  /** Allowed console permissions after denials; empty when the cluster is denied. */
  permissions: string[];
}

interface Named {
  metadata: { name: string };
}
type UserLike = Named & Pick<User, 'spec'>;
type GroupLike = Named & Pick<UserGroup, 'spec'>;
type RoleLike = Named & Pick<Role, 'spec'>;
export type ClusterLike = Named & { metadata: { labels?: Record<string, string> | undefined } };

export function isMemberOf(user: UserLike, org: string): boolean {
  return (user.spec.organizations ?? []).some((m) => m.name === org);
}

/** The groups of `org` whose bindings may apply to the user: listed, and a member of `org`. */
export function groupsOf(user: UserLike, groups: readonly GroupLike[], org: string): GroupLike[] {
  if (!isMemberOf(user, org)) return [];
  return groups.filter(
    (g) => g.spec.organization === org && (g.spec.members ?? []).includes(user.metadata.name),
  );
}

/** A role may be bound on a cluster when it is built in or belongs to the cluster's organization. */
export function usableRole(role: RoleLike | undefined, org: string): role is RoleLike {
  if (!role) return false;
  return role.spec.builtIn === true || role.spec.organization === org;
}

interface Chosen {
  chosen: 'groups' | 'user';
  bindings: Array<{ role: string; effect: Effect; source: BindingSource }>;
}

/**
 * Groups first, decided per cluster among the bindings of the cluster's organization
 * only: when the user (a member of that organization) is in any of its groups, those groups'
 * bindings on the cluster; otherwise the user's own. Undefined when the user is not a member of
 * the organization that owns the cluster, so no binding of any kind applies — except for system
 * admins, whose own bindings (set only by system admins) apply everywhere, so one that denies a
 * cluster takes their built-in owner role there away (docs/decisions/identity-and-access.md "System admins in members").
 */
export function chosenBindings(
  user: UserLike,
  groups: readonly GroupLike[],
  cluster: string,
  org: string,
): Chosen | undefined {
  if (!isMemberOf(user, org) && user.spec.sysAdmin !== true) return undefined;
  const memberGroups = groupsOf(user, groups, org);
  if (memberGroups.length > 0) {
    return {
      chosen: 'groups',
      bindings: memberGroups.flatMap((g) =>
        (g.spec.clusterPermissions ?? [])
          .filter((p) => p.cluster === cluster)
          .map((p) => ({
            role: p.role,
            effect: p.effect,
            source: { kind: 'group' as const, name: g.metadata.name },
          })),
      ),
    };
  }
  return {
    chosen: 'user',
    bindings: (user.spec.clusterPermissions ?? [])
      .filter((p) => p.cluster === cluster)
      .map((p) => ({ role: p.role, effect: p.effect, source: { kind: 'user' as const } })),
  };
}

/** What the usable roles of a set of bindings allow: Deny of any role removes a permission. */
function allowedPermissions(roles: ReadonlyArray<RoleLike | undefined>): string[] {
  const allowed = new Set<string>();
  const denied = new Set<string>();
  for (const role of roles) {
    for (const p of role?.spec.permissions ?? [])
      (p.effect === 'Deny' ? denied : allowed).add(p.name);
  }
  return [...allowed].filter((name) => !denied.has(name)).sort();
}

/** The user's access to one cluster, or undefined when no binding applies to it. */
export function clusterAccessOf(
  user: UserLike,
  groups: readonly GroupLike[],
  roles: readonly RoleLike[],
  cluster: ClusterLike,
  organizations: OrganizationLookup,
): ClusterAccess | undefined {
  const org = organizationOf(cluster, organizations);
  if (org === undefined) return undefined;
  const name = cluster.metadata.name;
  const choice = chosenBindings(user, groups, name, org);
  if (!choice || choice.bindings.length === 0) return undefined;
  const roleByName = new Map(roles.map((r) => [r.metadata.name, r]));
  const bindings = choice.bindings.map((b) => ({
    ...b,
    usable: usableRole(roleByName.get(b.role), org),
  }));
  const effect: Effect = bindings.some((b) => b.effect === 'Deny') ? 'Deny' : 'Allow';
  const usable = bindings.filter((b) => b.usable).map((b) => roleByName.get(b.role));
  return {
    cluster: name,
    organization: org,
    chosen: choice.chosen,
    roles: bindings,
    effect,
    permissions: effect === 'Deny' ? [] : allowedPermissions(usable),
  };
}

/**
 * Per cluster: the chosen bindings, the cluster effect and the permissions they allow. Within
 * the chosen set Deny wins twice: a Deny binding disables the whole cluster, and a permission
 * denied by any bound role is removed even if another role allows it. Bindings naming clusters
 * that are not registered, or of another organization than the cluster's, grant nothing.
 */
export function effectiveClusterAccess(
  user: UserLike,
  groups: readonly GroupLike[],
  roles: readonly RoleLike[],
  clusters: readonly ClusterLike[],
  organizations: OrganizationLookup,
): Record<string, ClusterAccess> {
  const result: Record<string, ClusterAccess> = {};
  const sorted = [...clusters].sort((a, b) => a.metadata.name.localeCompare(b.metadata.name));
  for (const cluster of sorted) {
    const access = clusterAccessOf(user, groups, roles, cluster, organizations);
    if (access) result[cluster.metadata.name] = access;
  }
  return result;
}

import type { Role } from '../crds/role.js';
import type { UserGroup } from '../crds/user-group.js';
import type { User } from '../crds/user.js';

export type Effect = 'Allow' | 'Deny';

/** Where a per-cluster binding came from: one of the user's groups, or the user itself. */
export type BindingSource = { kind: 'group'; name: string } | { kind: 'user' };

export interface EffectiveBinding {
  role: string;
  effect: Effect;
  source: BindingSource;
}

export interface ClusterAccess {
  cluster: string;
  roles: EffectiveBinding[];
  /** Deny when any chosen binding on the cluster denies (SPEC §4). */
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

function memberOrganizations(user: UserLike): Set<string> {
  return new Set((user.spec.organizations ?? []).map((m) => m.name));
}

/** The groups whose permissions apply: the user is listed and belongs to the group's organization. */
export function groupsOf(user: UserLike, groups: readonly GroupLike[]): GroupLike[] {
  const orgs = memberOrganizations(user);
  return groups.filter(
    (g) => (g.spec.members ?? []).includes(user.metadata.name) && orgs.has(g.spec.organization),
  );
}

/** A role may be bound where it is built in or belongs to the binding owner's organizations. */
function usableRole(role: RoleLike | undefined, orgs: ReadonlySet<string>): role is RoleLike {
  if (!role) return false;
  return role.spec.builtIn === true || orgs.has(role.spec.organization ?? '');
}

interface Binding {
  cluster: string;
  role: string;
  effect: Effect;
  source: BindingSource;
  orgs: ReadonlySet<string>;
}

/** SPEC §6: the groups' bindings when the user is in any group, otherwise the user's own. */
export function chosenBindings(user: UserLike, groups: readonly GroupLike[]): Binding[] {
  const memberGroups = groupsOf(user, groups);
  if (memberGroups.length > 0) {
    return memberGroups.flatMap((g) =>
      (g.spec.clusterPermissions ?? []).map((p) => ({
        ...p,
        source: { kind: 'group' as const, name: g.metadata.name },
        orgs: new Set([g.spec.organization]),
      })),
    );
  }
  const orgs = memberOrganizations(user);
  return (user.spec.clusterPermissions ?? []).map((p) => ({
    ...p,
    source: { kind: 'user' as const },
    orgs,
  }));
}

/**
 * Per cluster: the chosen bindings, the cluster effect and the permissions they allow. Within
 * the chosen set Deny wins twice: a Deny binding disables the whole cluster, and a permission
 * denied by any bound role is removed even if another role allows it.
 */
export function effectiveClusterAccess(
  user: UserLike,
  groups: readonly GroupLike[],
  roles: readonly RoleLike[],
): Record<string, ClusterAccess> {
  const roleByName = new Map(roles.map((r) => [r.metadata.name, r]));
  const byCluster = new Map<string, Binding[]>();
  for (const binding of chosenBindings(user, groups)) {
    byCluster.set(binding.cluster, [...(byCluster.get(binding.cluster) ?? []), binding]);
  }
  const result: Record<string, ClusterAccess> = {};
  for (const [cluster, bindings] of [...byCluster].sort(([a], [b]) => a.localeCompare(b))) {
    const effect: Effect = bindings.some((b) => b.effect === 'Deny') ? 'Deny' : 'Allow';
    const allowed = new Set<string>();
    const denied = new Set<string>();
    for (const binding of bindings) {
      const role = roleByName.get(binding.role);
      if (!usableRole(role, binding.orgs)) continue;
      for (const p of role.spec.permissions ?? [])
        (p.effect === 'deny' ? denied : allowed).add(p.name);
    }
    const permissions =
      effect === 'Deny' ? [] : [...allowed].filter((name) => !denied.has(name)).sort();
    result[cluster] = {
      cluster,
      roles: bindings.map(({ role, effect: e, source }) => ({ role, effect: e, source })),
      effect,
      permissions,
    };
  }
  return result;
}

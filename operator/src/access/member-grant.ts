// What a member cluster grants a user: the one answer both the member RBAC projection
// (clusters/rbac/desired-state.ts) and the index scope (caller-scope.ts) use, so the index never
// shows what the member would refuse, nor hides what it allows.
import type { Role } from '../crds/role.js';
import type { ClusterAccess } from './effective.js';

/** The built-in role a system admin holds in every member that does not deny them. */
export const systemAdminRole = 'owner';

interface RoleLike {
  metadata: { name: string };
  spec: Pick<Role['spec'], 'permissions'>;
}

/** The permissions a role itself allows: its allow entries minus its own deny entries. */
export function allowedBy(role: Pick<RoleLike, 'spec'>): string[] {
  const entries = role.spec.permissions ?? [];
  const denied = new Set(entries.filter((p) => p.effect === 'Deny').map((p) => p.name));
  return entries.filter((p) => p.effect === 'Allow' && !denied.has(p.name)).map((p) => p.name);
}

/**
 * The console permissions the member grants on one cluster, or undefined when it grants
 * nothing there: the effective permissions (denials of every bound role already removed), and
 * for a system admin also the owner role (docs/decisions/identity-and-access.md "System admins in members"). A Deny
 * binding takes everything away, the system admin's owner role included.
 */
export function memberGrant(
  user: { sysAdmin: boolean },
  access: ClusterAccess | undefined,
  roles: { get(name: string): RoleLike | undefined },
): string[] | undefined {
  if (access?.effect === 'Deny') return undefined;
  const owner = user.sysAdmin ? roles.get(systemAdminRole) : undefined;
  if (!access && !owner) return undefined;
  const granted = new Set(access?.permissions ?? []);
  for (const name of owner ? allowedBy(owner) : []) granted.add(name);
  return [...granted].sort();
}

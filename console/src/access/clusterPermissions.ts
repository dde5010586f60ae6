import type { UserView } from '@nimbus/api';

/**
 * Whether the user holds `permission` on `cluster`, mirroring the server (which alone enforces):
 * a Deny binding takes everything; system admins hold the owner role on every other cluster;
 * others hold the permissions their effective bindings allow (`clusterAccess`, computed on the
 * server). Before user info is known (never in the app: the guard loads it first) nothing is
 * hidden and the server decides.
 */
export function allowsOnCluster(
  user: Pick<UserView, 'sysAdminFlag' | 'clusterAccess'> | undefined,
  cluster: string,
  permission: string,
): boolean {
  if (!user) return true;
  const access = user.clusterAccess.find((entry) => entry.cluster === cluster);
  if (access?.effect === 'Deny') return false;
  if (user.sysAdminFlag) return true;
  return access?.permissions.includes(permission) ?? false;
}

/**
 * Whether the user holds `permission` on at least one cluster: what a screen across every
 * cluster (a list, its Create button) may offer. System admins hold the owner role wherever
 * they are not denied; before user info is known the server decides.
 */
export function allowsOnSomeCluster(
  user: Pick<UserView, 'sysAdminFlag' | 'clusterAccess'> | undefined,
  permission: string,
): boolean {
  if (!user || user.sysAdminFlag) return true;
  return user.clusterAccess.some(
    (entry) => entry.effect === 'Allow' && entry.permissions.includes(permission),
  );
}

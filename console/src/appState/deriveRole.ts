export type DerivedRole = 'system-admin' | 'organization-admin' | 'user';

export interface RoleDerivation {
  role: DerivedRole;
  /** uuid of the current organization, when the user has any. */
  organizationId?: string;
}

/**
 * The current organization is the stored one if the user still belongs to it, else the
 * first; sysAdminFlag gives system-admin, else adminFlag in the current organization gives
 * organization-admin, else user.
 */
export function deriveRole(
  user: Pick<UserView, 'sysAdminFlag' | 'organizations'>,
  storedOrganizationId: string | undefined,
): RoleDerivation {
  const current =
    user.organizations.find((organization) => organization.uuid === storedOrganizationId) ??
    user.organizations[0];
  const role: DerivedRole = user.sysAdminFlag
    ? 'system-admin'
    : current?.adminFlag
      ? 'organization-admin'
      : 'user';
  return { role, organizationId: current?.uuid };
}

export const isAdminRole = (role: DerivedRole | undefined): boolean =>
  role === 'system-admin' || role === 'organization-admin';
import type { UserView } from '@nimbus/api';

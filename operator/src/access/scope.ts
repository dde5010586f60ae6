import { ApiError, errors } from '../core/errors.js';
import type { DerivedRole, Identity, OrganizationMembership } from '../identity/identity.js';
import type { Allow } from './policy.js';

export function denied(): ApiError {
  return new ApiError(errors.noPermission);
}

/** The caller's membership of an organization given by uid or name. */
export function membershipIn(identity: Identity, org: string): OrganizationMembership | undefined {
  return identity.organizations.find((m) => m.uid === org || m.name === org);
}

export function isAdminOf(identity: Identity, orgName: string): boolean {
  return identity.sysAdmin || membershipIn(identity, orgName)?.admin === true;
}

/** Names of the organizations where the caller is an administrator. */
export function adminOrganizations(identity: Identity): string[] {
  return identity.organizations.filter((m) => m.admin).map((m) => m.name);
}

/** The caller's role for one organization, or undefined when they have none there. */
export function roleIn(identity: Identity, org: string): DerivedRole | undefined {
  if (identity.sysAdmin) return 'system-admin';
  const membership = membershipIn(identity, org);
  if (!membership) return undefined;
  return membership.admin ? 'organization-admin' : 'user';
}

export function allows(allow: Allow, role: DerivedRole | undefined): boolean {
  if (allow === 'public' || allow === 'authenticated') return true;
  return role !== undefined && allow.includes(role);
}

/** Throws 9997 unless the caller's role in `org` is among `allow`. */
export function assertInOrganization(identity: Identity, org: string, allow: Allow): void {
  if (!allows(allow, roleIn(identity, org))) throw denied();
}

export function assertOrganizationAdmin(identity: Identity, org: string): void {
  assertInOrganization(identity, org, ['system-admin', 'organization-admin']);
}

export function isSelf(identity: Identity, user: string): boolean {
  return identity.userName === user || identity.userId === user;
}

/**
 * own-user: the caller themselves; a system-admin; or an organization-admin of an organization
 * the addressed user belongs to (`targetOrganizations`, names).
 */
export function mayActOnUser(
  identity: Identity,
  user: string,
  targetOrganizations: readonly string[] | undefined,
  allow: Allow,
): boolean {
  if (isSelf(identity, user)) return true;
  if (identity.sysAdmin) return allows(allow, 'system-admin');
  if (!allows(allow, 'organization-admin')) return false;
  const adminOf = new Set(adminOrganizations(identity));
  return (targetOrganizations ?? []).some((org) => adminOf.has(org));
}

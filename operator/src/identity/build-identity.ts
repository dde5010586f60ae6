import type { HubStore, UserObject } from '../hub/store.js';
import type { Identity, OrganizationMembership } from './identity.js';
import { currentMembership, deriveRole } from './identity.js';

export interface IdentityContext {
  via: Identity['via'];
  sessionId?: string;
  /** The access key a signed call was made with. */
  accessKey?: string;
  /** X-Nimbus-Organization: an organization uid or name. */
  requestedOrganization?: string;
  mustChangePassword?: boolean;
}

/** The user's memberships in organizations that still exist, in the order the user lists them. */
export function membershipsOf(
  store: Pick<HubStore, 'organizations'>,
  user: UserObject,
): OrganizationMembership[] {
  return (user.spec.organizations ?? []).flatMap((membership) => {
    const org = store.organizations.get(membership.name);
    return org ? [{ name: org.metadata.name, uid: org.metadata.uid, admin: membership.admin }] : [];
  });
}

/**
 * Resolves the current organization: a member's requested organization, any existing one for a
 * system administrator; anything else falls back to the user's first (the stored one
 * while it still exists, else the first). An organization the user is not in is answered like
 * one that does not exist, so the header cannot probe which organization names are taken.
 */
export function buildIdentity(
  store: Pick<HubStore, 'organizations'>,
  user: UserObject,
  context: IdentityContext,
): Identity {
  const organizations = membershipsOf(store, user);
  const sysAdmin = user.spec.sysAdmin;
  const requested = context.requestedOrganization;
  let current = currentMembership(organizations, undefined);
  if (requested !== undefined && requested !== '') {
    const member = organizations.find((org) => org.uid === requested || org.name === requested);
    const existing = store.organizations.getByUid(requested) ?? store.organizations.get(requested);
    if (member) current = member;
    else if (existing && sysAdmin) {
      current = { name: existing.metadata.name, uid: existing.metadata.uid, admin: false };
    }
  }
  return {
    userName: user.metadata.name,
    userId: user.metadata.uid,
    sysAdmin,
    organizations,
    ...(current ? { currentOrganization: current.name } : {}),
    role: deriveRole(sysAdmin, current),
    via: context.via,
    ...(context.sessionId ? { sessionId: context.sessionId } : {}),
    ...(context.accessKey ? { accessKey: context.accessKey } : {}),
    ...(context.mustChangePassword ? { mustChangePassword: true } : {}),
  };
}

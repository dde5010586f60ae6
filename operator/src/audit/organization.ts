import type { HubStore } from '../hub/store.js';
import { ownershipOf } from '../access/org-scope.js';
import type { Identity } from '../identity/identity.js';

/** An organization as an audit record keeps it: the uid is its identity, the name for people. */
export interface AuditOrganization {
  name: string;
  uid: string;
}

/** What the audit asks the hub cache, once per audited call. */
export interface AuditDirectory {
  /** An existing organization by uid or name. */
  organization(reference: string): AuditOrganization | undefined;
  /** The organization a cluster belongs to now (organizationOf), if any. */
  clusterOwner(cluster: string): AuditOrganization | undefined;
  /** Whether a Cluster of that name is registered, whoever owns it. */
  clusterRegistered(cluster: string): boolean;
  /** Whether the user is a member of the organization (by uid) now, e.g. right after joining. */
  isMember(userName: string, organizationUid: string): boolean;
}

const refOf = (org: { metadata: { name: string; uid: string } }): AuditOrganization => ({
  name: org.metadata.name,
  uid: org.metadata.uid,
});

/** Cache reads only: it runs once per audited call. */
export function hubAuditDirectory(
  hub: Pick<HubStore, 'organizations' | 'clusters' | 'users'>,
): AuditDirectory {
  return {
    organization(reference) {
      const org = hub.organizations.getByUid(reference) ?? hub.organizations.get(reference);
      return org && refOf(org);
    },
    clusterOwner(name) {
      const cluster = hub.clusters.get(name);
      const ownership = cluster && ownershipOf(cluster, hub.organizations);
      return ownership?.state === 'owned' ? refOf(ownership.organization) : undefined;
    },
    clusterRegistered: (name) => hub.clusters.get(name) !== undefined,
    isMember(userName, organizationUid) {
      const org = hub.organizations.getByUid(organizationUid);
      const memberships = hub.users.get(userName)?.spec.organizations ?? [];
      return org !== undefined && memberships.some((m) => m.name === org.metadata.name);
    },
  };
}

/** What a call addressed, as far as its organization is concerned. */
export interface AddressedBy {
  /** The member cluster a member call addresses. */
  cluster?: string;
  /** An organization named by uid or name in the path or body. */
  organization?: string;
  /** The caller, for their current organization. */
  identity?: Identity;
}

/** Whether the caller administers the organization (system admins: every one). */
function administers(identity: Identity | undefined, org: AuditOrganization): boolean {
  if (!identity) return false;
  return identity.sysAdmin || identity.organizations.some((m) => m.uid === org.uid && m.admin);
}

/**
 * The organization a call addressed. A member call belongs to the organization that owns the
 * addressed cluster, whatever organization the client claims (header or body), and to none when
 * no organization owns it; a cluster not registered at all (a connection test before the
 * registration) belongs to the organization the call names, if the caller administers it. Other
 * calls: the organization addressed when it exists (an unknown one falls back), else the
 * caller's current organization; null without either. Whether the record may be filed there is
 * fileableUnder's question.
 */
export function addressedOrganizationOf(
  call: AddressedBy,
  directory: AuditDirectory | undefined,
): AuditOrganization | null {
  const named =
    call.organization === undefined ? undefined : directory?.organization(call.organization);
  if (call.cluster !== undefined) {
    const owner = directory?.clusterOwner(call.cluster);
    if (owner) return owner;
    const unregistered = directory?.clusterRegistered(call.cluster) === false;
    return unregistered && named && administers(call.identity, named) ? named : null;
  }
  if (named) return named;
  const current = call.identity?.currentOrganization;
  if (current === undefined) return null;
  const membership = call.identity?.organizations.find((org) => org.name === current);
  return membership
    ? { name: membership.name, uid: membership.uid }
    : (directory?.organization(current) ?? null);
}

/**
 * Where a call's record is filed: its organization only when a verified caller belongs to it
 * (when the call began, or now: a join), or is a system administrator. Anonymous and refused
 * tokens (9998), and callers naming someone else's organization, cannot plant records in its
 * log: theirs are filed under no organization, which only system administrators read.
 */
export function fileableUnder(
  org: AuditOrganization | null,
  identity: Identity | undefined,
  directory: AuditDirectory | undefined,
): AuditOrganization | null {
  if (!org || !identity) return null;
  if (identity.sysAdmin || identity.organizations.some((m) => m.uid === org.uid)) return org;
  return directory?.isMember(identity.userName, org.uid) === true ? org : null;
}

/** The organization a call's record is filed under (addressedOrganizationOf, fileableUnder). */
export function organizationOfCall(
  call: AddressedBy,
  directory: AuditDirectory | undefined,
): AuditOrganization | null {
  return fileableUnder(addressedOrganizationOf(call, directory), call.identity, directory);
}

import { assertInOrganization, denied } from './scope.js';
import type { Allow } from './policy.js';
import type { OrganizationObject } from '../hub/store.js';
import type { Identity } from '../identity/identity.js';
import type { Lookup } from '../hub/directory.js';
import { resolve } from '../hub/directory.js';
import { notFound, organizationDeleting } from '../core/problems.js';

export const organizationLabel = 'nimbus.io/organization';
export const admins = ['system-admin', 'organization-admin'] as const;
export const everyone = ['system-admin', 'organization-admin', 'user'] as const;

/** The organization addressed by uuid or name, for a caller with only a lookup (iam/organization-in.ts for IAM calls). */
export function addressedOrganization(
  organizations: Lookup<OrganizationObject>,
  identity: Identity,
  ref: string,
  allow: Allow,
): OrganizationObject {
  const org = resolve(organizations, ref);
  if (!org) throw identity.sysAdmin ? notFound(`organization ${ref}`) : denied();
  assertInOrganization(identity, org.metadata.name, allow);
  return org;
}

/** An object of the organization, or 1004 (an object of another organization is not there). */
export function ownedBy<T extends { spec: { organization?: string | undefined } }>(
  object: T | undefined,
  org: string,
  what: string,
): T {
  if (!object || object.spec.organization !== org) throw notFound(what);
  return object;
}

/** Stamped next to organizationLabel: the uid of the organization the object was given to. */
export const organizationUidLabel = 'nimbus.io/organization-uid';

/** Cluster, Registry or anything else that belongs to an organization. */
export interface OrganizationOwned {
  metadata: { labels?: Record<string, string> | undefined };
  /** A Registry names its organization in spec.organization; others by label. */
  spec?: object | undefined;
}

/** The organization NAME an object's author wrote: the label, or a Registry's spec.organization. */
export function namedOrganization(object: OrganizationOwned): string | undefined {
  const label = object.metadata.labels?.[organizationLabel];
  if (label !== undefined) return label;
  const spec = object.spec as { organization?: unknown } | undefined;
  return typeof spec?.organization === 'string' ? spec.organization : undefined;
}

export type Ownership =
  | { state: 'owned'; organization: OrganizationObject }
  | { state: 'unowned' }
  | { state: 'orphaned'; reason: OrphanReason; organization: string; message: string };

export type OrphanReason = 'OrganizationNotFound' | 'OrganizationReplaced' | 'OrganizationDeleting';

/**
 * Which organization an object belongs to. Identity is the uid: an object stamped with the uid
 * of an earlier organization of the same name belongs to nobody, so re-creating a deleted name
 * inherits nothing. An object not stamped yet (written with kubectl a moment ago, or before
 * uids were stamped) belongs to the organization of that name unless it is being deleted.
 */
export function ownershipOf(
  object: OrganizationOwned,
  organizations: Pick<Lookup<OrganizationObject>, 'get'>,
): Ownership {
  const name = namedOrganization(object);
  if (name === undefined || name === '') return { state: 'unowned' };
  const org = organizations.get(name);
  const orphan = (reason: OrphanReason, message: string): Ownership => ({
    state: 'orphaned',
    reason,
    organization: name,
    message,
  });
  if (!org) return orphan('OrganizationNotFound', `organization ${name} does not exist`);
  const stamped = object.metadata.labels?.[organizationUidLabel];
  if (stamped !== undefined && stamped !== org.metadata.uid) {
    return orphan(
      'OrganizationReplaced',
      `organization ${name} was deleted and created again; this object belonged to the earlier one (uid ${stamped})`,
    );
  }
  if (stamped === undefined && org.metadata.deletionTimestamp) {
    return orphan('OrganizationDeleting', `organization ${name} is being deleted`);
  }
  return { state: 'owned', organization: org };
}

/**
 * The name of the organization an object (Cluster, Registry) belongs to. Every check of which
 * organization owns an object goes through here, so the rule is kept in one place.
 */
/** Where organizations are looked up by name, to check an object's organization uid. */
export type OrganizationLookup = Pick<Lookup<OrganizationObject>, 'get'>;

export function organizationOf(
  object: OrganizationOwned,
  organizations: OrganizationLookup,
): string | undefined {
  const ownership = ownershipOf(object, organizations);
  return ownership.state === 'owned' ? ownership.organization.metadata.name : undefined;
}

/** The labels that give a new object to `org`: its name for authors, its uid for identity. */
export function organizationLabels(org: OrganizationObject): Record<string, string> {
  return { [organizationLabel]: org.metadata.name, [organizationUidLabel]: org.metadata.uid };
}

/** New clusters, registries, groups, roles and members are refused while an organization goes. */
export function assertAcceptsNewMembers(org: OrganizationObject): void {
  if (org.metadata.deletionTimestamp) throw organizationDeleting(org.metadata.name);
}

import { assertInOrganization, denied } from '../access/scope.js';
import type { Allow } from '../access/policy.js';
import type { OrganizationObject } from '../hub/store.js';
import type { Identity } from '../identity/identity.js';
import type { IamCall } from './context.js';
import type { Lookup } from './directory.js';
import { resolve } from './directory.js';
import { notFound } from './problems.js';

export const organizationLabel = 'nimbus.io/organization';
export const admins = ['system-admin', 'organization-admin'] as const;
export const everyone = ['system-admin', 'organization-admin', 'user'] as const;

/**
 * The organization addressed by uuid or name, once the caller's role there is allowed. An
 * unknown organization is 1004 for a system admin and 9997 for anyone else, so nobody can
 * probe for other organizations' names.
 */
export function organizationIn(call: IamCall, ref: string, allow: Allow): OrganizationObject {
  return addressedOrganization(call.deps.store.organizations, call.identity, ref, allow);
}

/** organizationIn for callers outside the IAM service, which have only a lookup and the caller. */
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

interface Labelled {
  metadata: { labels?: Record<string, string> | undefined };
}

/**
 * The name of the organization an object (Cluster, Registry) belongs to. Every check of which
 * organization owns an object goes through here, so the rule is kept in one place.
 */
export function organizationOf(object: Labelled): string | undefined {
  return object.metadata.labels?.[organizationLabel];
}

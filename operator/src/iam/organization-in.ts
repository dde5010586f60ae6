// The organization an IAM call addresses (docs/decisions/identity-and-access.md).
import type { Allow } from '../access/policy.js';
import { addressedOrganization, admins, assertAcceptsNewMembers } from '../access/org-scope.js';
import type { OrganizationObject } from '../hub/store.js';
import type { IamCall } from './context.js';

/**
 * The organization addressed by uuid or name, once the caller's role there is allowed. An
 * unknown organization is 1004 for a system admin and 9997 for anyone else, so nobody can
 * probe for other organizations' names.
 */
export function organizationIn(call: IamCall, ref: string, allow: Allow): OrganizationObject {
  return addressedOrganization(call.deps.store.organizations, call.identity, ref, allow);
}

/** organizationIn for an administrator adding something new: 1021 while it is being deleted. */
export function openOrganizationIn(call: IamCall, ref: string): OrganizationObject {
  const org = organizationIn(call, ref, admins);
  assertAcceptsNewMembers(org);
  return org;
}

import {
  assertOrganizationAdmin,
  denied,
  isAdminOf,
  isSelf,
  mayActOnUser,
  membershipIn,
} from '../access/scope.js';
import type { OrganizationObject, UserObject } from '../hub/store.js';
import type { Identity } from '../identity/identity.js';
import type { IamReader } from '../hub/directory.js';
import { organizationsOf, resolve } from '../hub/directory.js';
import type { Binding } from './grants.js';
import { assertNewUserBindings, plannedUserBindings } from './cluster-bindings.js';
import { grantableOrganizations, toBindings, visibleOrganizations } from './grants.js';
import { invalid, notFound } from '../core/problems.js';
import { assertAcceptsNewMembers } from '../access/org-scope.js';
import type { ParsedCreateUser, ParsedGeneralUpdate } from '@nimbus/api';

export interface GroupChanges {
  add: string[];
  remove: string[];
}

/** What a general update changes; applied to the freshest spec, so concurrent edits survive. */
export interface UserPatch {
  displayName?: string;
  email?: string;
  sysAdmin?: boolean;
  membership?: { org: string; admin: boolean };
  clusterPermissions?: Binding[];
}

export interface UserUpdatePlan {
  patch: UserPatch;
  groups: GroupChanges;
}

const everyone = ['system-admin', 'organization-admin', 'user'] as const;

/** Group names of `org` for ids (uuid or name); each must exist and belong to `org`. */
function groupNames(reader: IamReader, ids: readonly string[], org: string): string[] {
  return ids.map((id, index) => {
    const group = resolve(reader.userGroups, id);
    if (!group) throw invalid(`groupIds.${index}`, `user group ${id} does not exist`);
    if (group.spec.organization !== org) {
      throw invalid(`groupIds.${index}`, `user group ${id} is not in organization ${org}`);
    }
    return group.metadata.name;
  });
}

function organizationFor(reader: IamReader, identity: Identity, ref: string): OrganizationObject {
  const org = resolve(reader.organizations, ref);
  // Only a system admin may learn whether an organization they do not belong to exists.
  if (identity.sysAdmin) {
    if (org) return org;
    throw notFound(`organization ${ref}`);
  }
  if (!org || !membershipIn(identity, org.metadata.name)) throw denied();
  return org;
}

/** The organization a general update addresses: the given one, else the caller's current one. */
function addressedOrganization(
  reader: IamReader,
  identity: Identity,
  user: UserObject,
  ref: string | undefined,
): string | undefined {
  const memberOf = organizationsOf(user);
  if (ref === undefined) {
    const current = identity.currentOrganization;
    return current !== undefined && memberOf.includes(current) ? current : undefined;
  }
  const org = organizationFor(reader, identity, ref).metadata.name;
  if (!memberOf.includes(org)) {
    throw invalid('organizationId', `${user.metadata.name} is not a member of ${org}`);
  }
  return org;
}

function requireOrg(org: string | undefined): string {
  if (org === undefined) throw invalid('organizationId', 'Required');
  return org;
}

/**
 * What changing someone else's password, email or display name needs, since each hands over or
 * redirects their account: a system admin, or for a user who is not a system admin an
 * administrator of every one of their organizations (an admin of A alone could otherwise take
 * over an account that is also in B).
 */
export function mayTakeOverAccount(identity: Identity, user: UserObject): boolean {
  if (identity.sysAdmin) return true;
  const orgs = organizationsOf(user);
  return !user.spec.sysAdmin && orgs.length > 0 && orgs.every((org) => isAdminOf(identity, org));
}

/**
 * Decides a general update. Mass assignment is refused: changing sysAdminFlag needs a
 * system admin; changing isAdmin, groups or cluster bindings needs an administrator of the
 * organization concerned (9997), and all three act in the addressed organization only;
 * changing someone else's email or display name needs mayTakeOverAccount. Values sent unchanged
 * are accepted, so a form may echo them.
 */
export function planUserUpdate(
  reader: IamReader,
  identity: Identity,
  user: UserObject,
  body: ParsedGeneralUpdate,
): UserUpdatePlan {
  const name = user.metadata.name;
  const memberOf = organizationsOf(user);
  if (!mayActOnUser(identity, name, memberOf, everyone)) throw denied();
  // A system admin's account is changed only by themselves or another system admin.
  if (user.spec.sysAdmin && !identity.sysAdmin && !isSelf(identity, name)) throw denied();
  const org = addressedOrganization(reader, identity, user, body.organizationId);
  const grantable = grantableOrganizations(identity, memberOf);
  const patch: UserPatch = {};
  const groups: GroupChanges = { add: [], remove: [] };

  if (body.name !== undefined && body.name !== (user.spec.displayName ?? '')) {
    patch.displayName = body.name;
  }
  if (body.email !== undefined && body.email !== user.spec.email) patch.email = body.email;
  // The account's own contact data: whoever changes it for another organization's member could
  // redirect that organization's mail for them, so it takes what setting the password takes.
  // The console's form fills an empty display name with the user name: that changes nothing shown.
  const renamed =
    patch.displayName !== undefined && patch.displayName !== (user.spec.displayName || name);
  const contact = renamed || patch.email !== undefined;
  if (contact && !isSelf(identity, name) && !mayTakeOverAccount(identity, user)) throw denied();
  if (body.sysAdminFlag !== undefined && body.sysAdminFlag !== user.spec.sysAdmin) {
    if (!identity.sysAdmin) throw denied();
    patch.sysAdmin = body.sysAdminFlag;
  }
  if (body.isAdmin !== undefined) {
    const target = requireOrg(org);
    const current = user.spec.organizations?.find((m) => m.name === target)?.admin ?? false;
    if (body.isAdmin !== current) {
      if (!grantable.has(target)) throw denied();
      patch.membership = { org: target, admin: body.isAdmin };
    }
  }
  if (body.groupIds !== undefined) {
    const target = requireOrg(org);
    const desired = new Set(groupNames(reader, body.groupIds, target));
    const current = new Set(
      reader.userGroups
        .list((g) => g.spec.organization === target && (g.spec.members ?? []).includes(name))
        .map((g) => g.metadata.name),
    );
    groups.add = [...desired].filter((g) => !current.has(g));
    groups.remove = [...current].filter((g) => !desired.has(g));
    if ((groups.add.length > 0 || groups.remove.length > 0) && !grantable.has(target)) {
      throw denied();
    }
  }
  if (body.providers !== undefined) {
    const desired = toBindings(reader, body.providers, visibleOrganizations(identity));
    const planned = plannedUserBindings(reader, identity, user, desired, org);
    if (planned) patch.clusterPermissions = planned;
  }
  return { patch, groups };
}

export interface UserCreatePlan {
  org: string;
  spec: {
    email: string;
    displayName?: string;
    sysAdmin: boolean;
    organizations: Array<{ name: string; admin: boolean }>;
    clusterPermissions?: Binding[];
  };
  groups: string[];
}

/** Decides a user creation by an administrator of the organization in the body. */
export function planUserCreate(
  reader: IamReader,
  identity: Identity,
  body: ParsedCreateUser,
): UserCreatePlan {
  const target = organizationFor(reader, identity, body.organizationId);
  const org = target.metadata.name;
  assertOrganizationAdmin(identity, org);
  assertAcceptsNewMembers(target);
  if (body.sysAdminFlag === true && !identity.sysAdmin) throw denied();
  const bindings = toBindings(reader, body.providers ?? [], visibleOrganizations(identity));
  assertNewUserBindings(reader, identity, bindings, org);
  const groups = groupNames(reader, body.groupIds ?? [], org);
  return {
    org,
    spec: {
      email: body.email,
      ...(body.name ? { displayName: body.name } : {}),
      sysAdmin: body.sysAdminFlag ?? false,
      organizations: [{ name: org, admin: body.isAdmin ?? false }],
      ...(bindings.length > 0 ? { clusterPermissions: bindings } : {}),
    },
    groups,
  };
}

import { effectiveClusterAccess } from '../access/effective.js';
import {
  assertOrganizationAdmin,
  denied,
  isAdminOf,
  isSelf,
  mayActOnUser,
} from '../access/scope.js';
import type { UserObject } from '../hub/store.js';
import type { AccessKeyPair } from '../identity/access-keys.js';
import type { Identity } from '../identity/identity.js';
import type { IamCall } from './context.js';
import { organizationsOf, resolve } from './directory.js';
import { addMember, removeMember as removeFromGroup } from './memberships.js';
import { withdrawBindingsOfDeletedClusters } from './cluster-binding-cleanup.js';
import type { Page, PageQuery } from './paging.js';
import { byName, matchesSearch, paginate } from './paging.js';
import { invalid, notFound, parseRequest } from '../core/problems.js';
import type { CreateUserBody } from './schemas.js';
import { createUserBody, updateUserBody } from './schemas.js';
import type { UserPatch } from './user-plan.js';
import { planUserCreate, planUserUpdate } from './user-plan.js';
import type { UserView } from './views.js';
import { toUserView } from './views.js';

const everyone = ['system-admin', 'organization-admin', 'user'] as const;

/** The whole view for the user and system admins; others see only organizations they share. */
export function viewOf(call: IamCall, user: UserObject): UserView {
  const { identity } = call;
  const { store } = call.deps;
  const self = isSelf(identity, user.metadata.name);
  const full = self || identity.sysAdmin;
  return toUserView(store, user, {
    orgs: full ? undefined : new Set(identity.organizations.map((m) => m.name)),
    ...(full
      ? {
          access: effectiveClusterAccess(
            user,
            store.userGroups.list(),
            store.roles.list(),
            store.clusters.list(),
            store.organizations,
          ),
        }
      : {}),
    ...(self ? { mustChangePassword: identity.mustChangePassword ?? false } : {}),
  });
}

/** A user the caller may see; absent users look forbidden to anyone but a system admin. */
function visibleUser(call: IamCall, user: UserObject | undefined, ref: string): UserObject {
  const { identity } = call;
  if (!user) throw identity.sysAdmin ? notFound(`user ${ref}`) : denied();
  if (!mayActOnUser(identity, user.metadata.name, organizationsOf(user), everyone)) throw denied();
  return user;
}

export async function getUserByName(call: IamCall, name: string): Promise<UserView> {
  return viewOf(call, visibleUser(call, await call.deps.store.users.fetch(name), name));
}

export function getUserById(call: IamCall, id: string): UserView {
  return viewOf(call, visibleUser(call, call.deps.store.users.getByUid(id), id));
}

export function listOrganizationUsers(
  call: IamCall,
  orgRef: string,
  query: PageQuery,
): Page<UserView> {
  const { store } = call.deps;
  const org = resolve(store.organizations, orgRef);
  if (!org) throw call.identity.sysAdmin ? notFound(`organization ${orgRef}`) : denied();
  assertOrganizationAdmin(call.identity, org.metadata.name);
  const members = store.users
    .list(
      (u) =>
        organizationsOf(u).includes(org.metadata.name) &&
        matchesSearch(query.search, u.metadata.name, u.spec.displayName, u.spec.email),
    )
    .sort(byName);
  return paginate(members, query, (user) => viewOf(call, user));
}

export async function createUser(call: IamCall, input: unknown): Promise<UserView> {
  const body: CreateUserBody = parseRequest(createUserBody, input);
  const { store } = call.deps;
  const plan = planUserCreate(store, call.identity, body);
  const user = await call.deps.createUser({
    userName: body.userName,
    spec: plan.spec,
    password: body.password,
  });
  const bindings = plan.spec.clusterPermissions ?? [];
  await withdrawBindingsOfDeletedClusters(store, user.metadata.name, [], bindings);
  for (const group of plan.groups) await addMember(store, group, user.metadata.name);
  return viewOf(call, (await store.users.fetch(user.metadata.name)) ?? user);
}

/**
 * Setting someone else's password takes over their account, so beyond a system admin only an
 * administrator of every organization of a (non-system-admin) user may do it.
 */
function mayResetPassword(identity: Identity, user: UserObject): boolean {
  if (identity.sysAdmin) return true;
  const orgs = organizationsOf(user);
  return !user.spec.sysAdmin && orgs.length > 0 && orgs.every((org) => isAdminOf(identity, org));
}

function patched<S extends { organizations?: Array<{ name: string; admin?: boolean }> }>(
  spec: S,
  patch: UserPatch,
): S {
  const { membership, ...fields } = patch;
  const next = { ...spec, ...fields };
  if (membership) {
    next.organizations = (spec.organizations ?? []).map((m) =>
      m.name === membership.org ? { ...m, admin: membership.admin } : m,
    );
  }
  return next;
}

export async function updateUser(
  call: IamCall,
  input: unknown,
): Promise<UserView | AccessKeyPair | null> {
  const body = parseRequest(updateUserBody, input);
  const { store } = call.deps;
  const user = visibleUser(call, await store.users.fetch(body.userName), body.userName);
  switch (body.updateType) {
    case 'password':
      if (isSelf(call.identity, user.metadata.name)) {
        if (!body.oldPassword) throw invalid('oldPassword', 'Required');
        await call.deps.changePassword(user.metadata.name, body.password, body.oldPassword);
      } else {
        if (!mayResetPassword(call.identity, user)) throw denied();
        await call.deps.changePassword(user.metadata.name, body.password);
      }
      return null;
    case 'secretKey':
      // The secret is shown once, to its owner only.
      if (!isSelf(call.identity, user.metadata.name)) throw denied();
      return call.deps.resetAccessKey(user.metadata.name);
    case 'general': {
      const plan = planUserUpdate(store, call.identity, user, body);
      let updated = user;
      if (Object.keys(plan.patch).length > 0) {
        updated = await store.users.modify(user.metadata.name, (spec) => patched(spec, plan.patch));
      }
      const written = plan.patch.clusterPermissions ?? [];
      const before = user.spec.clusterPermissions ?? [];
      await withdrawBindingsOfDeletedClusters(store, user.metadata.name, before, written);
      for (const group of plan.groups.add) await addMember(store, group, user.metadata.name);
      for (const group of plan.groups.remove)
        await removeFromGroup(store, group, user.metadata.name);
      return viewOf(call, updated);
    }
  }
}

/** Removes a user from an organization and from that organization's groups. */
export async function removeOrganizationMember(
  call: IamCall,
  orgRef: string,
  userRef: string,
): Promise<null> {
  const { store } = call.deps;
  const org = resolve(store.organizations, orgRef);
  if (!org) throw call.identity.sysAdmin ? notFound(`organization ${orgRef}`) : denied();
  const orgName = org.metadata.name;
  assertOrganizationAdmin(call.identity, orgName);
  const user = resolve(store.users, userRef);
  if (!user || !organizationsOf(user).includes(orgName)) throw notFound(`member ${userRef}`);
  const name = user.metadata.name;
  await store.users.modify(name, (spec) => ({
    ...spec,
    organizations: (spec.organizations ?? []).filter((m) => m.name !== orgName),
  }));
  const groups = store.userGroups.list(
    (g) => g.spec.organization === orgName && (g.spec.members ?? []).includes(name),
  );
  for (const group of groups) await removeFromGroup(store, group.metadata.name, name);
  return null;
}

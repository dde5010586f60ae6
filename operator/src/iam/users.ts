import { effectiveClusterAccess } from '../access/effective.js';
import { assertOrganizationAdmin, denied, isSelf, mayActOnUser } from '../access/scope.js';
import type { AccessKeyPair, ParsedCreateUser, ParsedUserUpdate, UserView } from '@nimbus/api';
import type { UserObject } from '../hub/store.js';
import type { IamCall } from './context.js';
import { organizationsOf, resolve } from '../hub/directory.js';
import { addMember, leaveOrganization, removeMember as removeFromGroup } from './memberships.js';
import { withdrawBindingsOfDeletedClusters } from './cluster-binding-cleanup.js';
import type { BoundPageQuery, Page } from './paging.js';
import { boundTo, listOrder, matchesSearch, paginate } from './paging.js';
import { invalid, notFound } from '../core/problems.js';
import type { UserPatch } from './user-plan.js';
import { mayTakeOverAccount, planUserCreate, planUserUpdate } from './user-plan.js';
import { toClusterBindingViews, toUserView } from './views.js';

const everyone = ['system-admin', 'organization-admin', 'user'] as const;

/** Whether the caller sees all of a user's organizations (her own record, or a system admin). */
function seesWhole(call: IamCall, user: UserObject): boolean {
  return isSelf(call.identity, user.metadata.name) || call.identity.sysAdmin;
}

/** The organizations of a user the caller may see: all, or only those they share. */
function visibleOrganizations(call: IamCall, user: UserObject): Set<string> | undefined {
  return seesWhole(call, user)
    ? undefined
    : new Set(call.identity.organizations.map((m) => m.name));
}

/** The whole view for the user and system admins; others see only organizations they share. */
export function viewOf(call: IamCall, user: UserObject): UserView {
  const { identity } = call;
  const { store } = call.deps;
  const self = isSelf(identity, user.metadata.name);
  const full = seesWhole(call, user);
  return toUserView(store, user, {
    orgs: visibleOrganizations(call, user),
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
  query: BoundPageQuery,
): Page<UserView> {
  const { store } = call.deps;
  const org = resolve(store.organizations, orgRef);
  if (!org) throw call.identity.sysAdmin ? notFound(`organization ${orgRef}`) : denied();
  assertOrganizationAdmin(call.identity, org.metadata.name);
  // Narrowed by the bindings the caller's view shows: an organization admin learns nothing of
  // a member's bindings in organizations she is not in.
  const members = store.users
    .list(
      (u) =>
        organizationsOf(u).includes(org.metadata.name) &&
        matchesSearch(query.search, u.metadata.name, u.spec.displayName, u.spec.email) &&
        boundTo(
          query.cluster,
          query.cluster
            ? toClusterBindingViews(
                store,
                u.spec.clusterPermissions ?? [],
                visibleOrganizations(call, u),
              )
            : undefined,
        ),
    )
    .sort(listOrder(query));
  // Views (groups, effective access) only for the page: building them for every member took
  // over a second a page at 10,000 users (docs/performance.md, "Ten times that").
  return paginate(members, query, (user) => viewOf(call, user));
}

export async function createUser(call: IamCall, body: ParsedCreateUser): Promise<UserView> {
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
  body: ParsedUserUpdate,
): Promise<UserView | AccessKeyPair | null> {
  const { store } = call.deps;
  const user = visibleUser(call, await store.users.fetch(body.userName), body.userName);
  switch (body.updateType) {
    case 'password':
      if (isSelf(call.identity, user.metadata.name)) {
        if (!body.oldPassword) throw invalid('oldPassword', 'Required');
        await call.deps.changePassword(user.metadata.name, body.password, body.oldPassword);
      } else {
        if (!mayTakeOverAccount(call.identity, user)) throw denied();
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

/**
 * Removes a user from an organization, from that organization's groups and their own bindings on
 * its clusters: kept, those would come back to life if the user ever joined again.
 */
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
  await leaveOrganization(store, user.metadata.name, orgName);
  return null;
}

// A cluster binding is valid only inside the organization that owns the cluster: a group binds
// only clusters of its own organization, a user's own binding is set only by an administrator
// of the cluster's organization (or a system admin), and the role is built in or of that
// organization. The same rules decide which stored bindings count (access/effective.ts) and
// which kubectl-written ones are reported invalid (reconcile/validate.ts).
import { denied, isAdminOf, membershipIn } from '../access/scope.js';
import type { UserObject } from '../hub/store.js';
import type { Identity } from '../identity/identity.js';
import type { IamReader } from '../hub/directory.js';
import { organizationsOf } from '../hub/directory.js';
import type { Binding } from './grants.js';
import { sameBindings } from './grants.js';
import { organizationOf } from '../access/org-scope.js';
import type { ApiError } from '../core/errors.js';
import { invalid } from '../core/problems.js';

/**
 * The organization owning a binding's cluster. A cluster that is not registered, or belongs to
 * an organization the caller is not a member of, does not exist as far as the caller can tell.
 */
function clusterOrganization(
  reader: IamReader,
  identity: Identity,
  binding: Binding,
  index: number,
): string {
  const cluster = reader.clusters.get(binding.cluster);
  // A cluster being deleted takes no new bindings: its finalizer removes those it has.
  const live = cluster && !cluster.metadata.deletionTimestamp ? cluster : undefined;
  const org = live ? organizationOf(live, reader.organizations) : undefined;
  if (org === undefined || (!identity.sysAdmin && !membershipIn(identity, org))) {
    throw invalid(`providers.${index}.cluster`, `cluster ${binding.cluster} does not exist`);
  }
  return org;
}

/** The role must be built in or belong to the organization that owns the cluster. */
function assertRoleOf(reader: IamReader, binding: Binding, org: string, index: number): void {
  const role = reader.roles.get(binding.role);
  if (!role || role.spec.builtIn === true || role.spec.organization === org) return;
  throw invalid(
    `providers.${index}.roleId`,
    `role ${binding.role} belongs to organization ${role.spec.organization ?? ''}, not to ${org}, which owns cluster ${binding.cluster}`,
  );
}

/** A group's bindings: only clusters of the group's organization, with its roles or built-ins. */
export function assertGroupBindings(
  reader: IamReader,
  identity: Identity,
  bindings: readonly Binding[],
  groupOrg: string,
): void {
  bindings.forEach((binding, index) => {
    const org = clusterOrganization(reader, identity, binding, index);
    if (org !== groupOrg) {
      throw invalid(
        `providers.${index}.cluster`,
        `cluster ${binding.cluster} belongs to organization ${org}; a group of ${groupOrg} cannot bind it`,
      );
    }
    assertRoleOf(reader, binding, org, index);
  });
}

/**
 * A new binding of a user's own: the caller administers the cluster's organization (9997
 * otherwise) and the user is a member of it (it would never apply otherwise).
 */
function assertUserBinding(
  reader: IamReader,
  identity: Identity,
  memberOf: readonly string[],
  binding: Binding,
  index: number,
): void {
  const org = clusterOrganization(reader, identity, binding, index);
  if (!identity.sysAdmin && !isAdminOf(identity, org)) throw denied();
  if (!memberOf.includes(org)) {
    throw invalid(
      `providers.${index}.cluster`,
      `cluster ${binding.cluster} belongs to organization ${org}, which the user is not a member of`,
    );
  }
  assertRoleOf(reader, binding, org, index);
}

/** The bindings of a user created into `org` by an administrator of it. */
export function assertNewUserBindings(
  reader: IamReader,
  identity: Identity,
  bindings: readonly Binding[],
  org: string,
): void {
  bindings.forEach((binding, index) => assertUserBinding(reader, identity, [org], binding, index));
}

/**
 * Who may change an existing binding: a system admin; an administrator of the organization of
 * its cluster; for a binding of an unregistered cluster (it grants nothing), an administrator of
 * any of the user's organizations.
 */
function manageable(
  reader: IamReader,
  identity: Identity,
  user: UserObject,
  binding: Binding,
): boolean {
  if (identity.sysAdmin) return true;
  const org = registeredOrganization(reader, binding.cluster);
  if (org !== undefined) return isAdminOf(identity, org);
  return organizationsOf(user).some((o) => isAdminOf(identity, o));
}

function registeredOrganization(reader: IamReader, clusterName: string): string | undefined {
  const cluster = reader.clusters.get(clusterName);
  return cluster ? organizationOf(cluster, reader.organizations) : undefined;
}

/**
 * A general update acts in one organization (the addressed one): it changes bindings on that
 * organization's clusters and on clusters not registered yet, never on another organization's,
 * so the call is what that organization's audit shows and nothing happens out of its sight.
 */
function inScope(reader: IamReader, binding: Binding, scope: string | undefined): boolean {
  const org = registeredOrganization(reader, binding.cluster);
  return org === undefined || org === scope;
}

function outOfScope(reader: IamReader, binding: Binding, index: number): ApiError {
  const org = registeredOrganization(reader, binding.cluster) ?? '';
  return invalid(
    `providers.${index}.cluster`,
    `cluster ${binding.cluster} belongs to organization ${org}; change its bindings with organizationId ${org}`,
  );
}

const sameBinding = (a: Binding, b: Binding): boolean =>
  a.cluster === b.cluster && a.role === b.role && a.effect === b.effect;

/**
 * A user's own bindings after an edit addressed to organization `scope` (undefined: unchanged).
 * Bindings the caller may not manage, and bindings on clusters of other organizations, stay as
 * they are when left out, and an attempt to replace one is refused (9997 when the caller does not
 * administer it, 1000 naming the organization to address otherwise), so a form showing one
 * organization's clusters can echo the rest. Every new or changed binding follows
 * assertUserBinding.
 */
export function plannedUserBindings(
  reader: IamReader,
  identity: Identity,
  user: UserObject,
  desired: readonly Binding[],
  scope: string | undefined,
): Binding[] | undefined {
  const current = user.spec.clusterPermissions ?? [];
  if (sameBindings(desired, current)) return undefined;
  const memberOf = organizationsOf(user);
  const changeable = (binding: Binding): boolean =>
    manageable(reader, identity, user, binding) && inScope(reader, binding, scope);
  const kept = current.filter((binding) => !changeable(binding));
  for (const binding of kept) {
    const index = desired.findIndex((d) => d.cluster === binding.cluster);
    const replacement = desired[index];
    if (!replacement || sameBinding(replacement, binding)) continue;
    if (!manageable(reader, identity, user, binding)) throw denied();
    throw outOfScope(reader, binding, index);
  }
  desired.forEach((binding, index) => {
    if (current.some((c) => sameBinding(c, binding))) return;
    assertUserBinding(reader, identity, memberOf, binding, index);
    if (!inScope(reader, binding, scope)) throw outOfScope(reader, binding, index);
  });
  const left = kept.filter((k) => !desired.some((d) => d.cluster === k.cluster));
  const merged = [...desired, ...left].sort((a, b) => a.cluster.localeCompare(b.cluster));
  return sameBindings(merged, current) ? undefined : merged;
}

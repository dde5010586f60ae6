import { ApiError, errors } from '../core/errors.js';
import type { HubStore, OrganizationObject } from '../hub/store.js';
import type { Verdict } from '../controllers/conditions.js';
import { wrong } from '../controllers/conditions.js';
import type { OrganizationOwned } from '../access/org-scope.js';
import { namedOrganization, organizationUidLabel } from '../access/org-scope.js';

/**
 * Deleting an organization, by the API or by `kubectl delete`, waits on this finalizer: the
 * operator lets the organization go only when no cluster or registry belongs to it any more,
 * after removing its groups, roles and memberships.
 */
export const organizationFinalizer = 'nimbus.io/organization-cleanup';

export type LifecycleStore = Pick<
  HubStore,
  'organizations' | 'clusters' | 'registries' | 'userGroups' | 'roles' | 'users'
>;

/** What keeps an organization from being deleted, by name. */
export interface Blockers {
  clusters: string[];
  registries: string[];
}

/**
 * Objects stamped with the organization's uid hold it, and so do objects that name it but carry
 * no stamp yet: let go, they would pass to the next organization given the same name.
 */
function holds(org: OrganizationObject) {
  return (object: OrganizationOwned): boolean =>
    namedOrganization(object) === org.metadata.name &&
    (object.metadata.labels?.[organizationUidLabel] ?? org.metadata.uid) === org.metadata.uid;
}

const names = (objects: readonly { metadata: { name: string } }[]) =>
  objects.map((o) => o.metadata.name).sort();

export function blockersOf(
  store: Pick<LifecycleStore, 'clusters' | 'registries'>,
  org: OrganizationObject,
): Blockers {
  const held = holds(org);
  return {
    clusters: names(store.clusters.list(held)),
    registries: names(store.registries.list(held)),
  };
}

/**
 * "organization acme still has clusters prod and registries hub; delete them first" for an
 * organization that nothing has touched yet; for one already Terminating (kubectl delete, or an
 * API delete that lost a race with a new cluster) "organization acme is being deleted and still
 * has …; it goes once they are deleted": the API answer and the Ready condition say the same.
 */
export function blockedMessage(
  name: string,
  blockers: Blockers,
  terminating = false,
): string | undefined {
  const parts = [
    blockers.clusters.length > 0 ? `clusters ${blockers.clusters.join(', ')}` : '',
    blockers.registries.length > 0 ? `registries ${blockers.registries.join(', ')}` : '',
  ].filter((part) => part !== '');
  if (parts.length === 0) return undefined;
  const held = parts.join(' and ');
  return terminating
    ? `organization ${name} is being deleted and still has ${held}; it goes once they are deleted`
    : `organization ${name} still has ${held}; delete them first`;
}

/**
 * 1020 when something still belongs to the organization, from a fresh list rather than the
 * cache, so a cluster registered a moment ago (maybe on another replica) is not missed before
 * the organization is marked for deletion.
 */
export async function assertNothingBlocks(
  store: Pick<LifecycleStore, 'clusters' | 'registries'>,
  org: OrganizationObject,
): Promise<void> {
  const [clusters, registries] = await Promise.all([
    store.clusters.listDirect(),
    store.registries.listDirect(),
  ]);
  const held = holds(org);
  const blockers = {
    clusters: names(clusters.filter(held)),
    registries: names(registries.filter(held)),
  };
  const terminating = org.metadata.deletionTimestamp !== undefined;
  const message = blockedMessage(org.metadata.name, blockers, terminating);
  if (message !== undefined) throw new ApiError(errors.organizationInUse, { message });
}

/** Groups and roles go, and the organization leaves every member's memberships. */
async function removeDependents(store: LifecycleStore, name: string): Promise<void> {
  for (const group of store.userGroups.list((g) => g.spec.organization === name)) {
    await store.userGroups.delete(group.metadata.name);
  }
  for (const role of store.roles.list((r) => r.spec.organization === name)) {
    await store.roles.delete(role.metadata.name);
  }
  const members = store.users.list((u) =>
    (u.spec.organizations ?? []).some((m) => m.name === name),
  );
  // A merge patch, not an apply: memberships written with kubectl must go as well.
  for (const member of members) {
    await store.users.patch(member.metadata.name, (current) => {
      const memberships = current.spec.organizations ?? [];
      if (!memberships.some((m) => m.name === name)) return undefined;
      return { spec: { organizations: memberships.filter((m) => m.name !== name) } };
    });
  }
}

export type Finalized = { state: 'gone' } | { state: 'blocked'; message: string };

/**
 * For a Terminating organization: refuses while clusters or registries hold it, else removes
 * its dependents and then the finalizer. A failure half-way leaves the finalizer, so the next
 * attempt finishes the job.
 */
export async function finalizeOrganization(
  store: LifecycleStore,
  org: OrganizationObject,
): Promise<Finalized> {
  const name = org.metadata.name;
  const message = blockedMessage(name, blockersOf(store, org), true);
  if (message !== undefined) return { state: 'blocked', message };
  await removeDependents(store, name);
  await store.organizations.patch(name, (current) =>
    current.metadata.uid !== org.metadata.uid
      ? undefined
      : {
          finalizers: (current.metadata.finalizers ?? []).filter(
            (f) => f !== organizationFinalizer,
          ),
        },
  );
  return { state: 'gone' };
}

/** Adds the finalizer to an organization written with kubectl (the API creates it with it). */
export async function ensureFinalizer(
  store: Pick<LifecycleStore, 'organizations'>,
  org: OrganizationObject,
): Promise<void> {
  const has = (o: OrganizationObject) =>
    (o.metadata.finalizers ?? []).includes(organizationFinalizer);
  if (org.metadata.deletionTimestamp || has(org)) return;
  await store.organizations.patch(org.metadata.name, (current) =>
    current.metadata.deletionTimestamp || has(current) || current.metadata.uid !== org.metadata.uid
      ? undefined
      : { finalizers: [...(current.metadata.finalizers ?? []), organizationFinalizer] },
  );
}

/**
 * Clusters and registries written with kubectl name their organization only; they get its uid
 * the first time the operator sees both, so they stay with this organization and never pass
 * to a later one of the same name. Nothing is stamped for an organization being deleted.
 */
export async function stampOwnedObjects(
  store: Pick<LifecycleStore, 'clusters' | 'registries'>,
  org: OrganizationObject,
): Promise<void> {
  if (org.metadata.deletionTimestamp) return;
  const name = org.metadata.name;
  const unstamped = (o: OrganizationOwned) =>
    namedOrganization(o) === name && o.metadata.labels?.[organizationUidLabel] === undefined;
  const stamp = (current: OrganizationOwned) =>
    unstamped(current) ? { labels: { [organizationUidLabel]: org.metadata.uid } } : undefined;
  for (const cluster of store.clusters.list(unstamped)) {
    await store.clusters.patch(cluster.metadata.name, stamp);
  }
  for (const registry of store.registries.list(unstamped)) {
    await store.registries.patch(registry.metadata.name, stamp);
  }
}

/**
 * The controller's step for one organization: a live one gets the finalizer and stamps what
 * names it; a Terminating one is finalized, or reports what blocks it (Ready=False,
 * DeletionBlocked). 'gone' when nothing is left to report on.
 */
export async function reconcileOrganizationLifecycle(
  store: LifecycleStore,
  org: OrganizationObject,
): Promise<Verdict | 'gone' | undefined> {
  if (!org.metadata.deletionTimestamp) {
    await ensureFinalizer(store, org);
    await stampOwnedObjects(store, org);
    return undefined;
  }
  if (!(org.metadata.finalizers ?? []).includes(organizationFinalizer)) return 'gone';
  const result = await finalizeOrganization(store, org);
  return result.state === 'gone' ? 'gone' : wrong('DeletionBlocked', result.message);
}

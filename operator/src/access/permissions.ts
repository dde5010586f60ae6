// The operator's own check of role-catalogue permissions that no member RBAC can enforce
// (monitoring, cost, the app store, registries, the cluster overview): per cluster, the same
// grant the member RBAC projection writes and the index reads (member-grant.ts), so a page
// never shows what another page of the same caller refuses (docs/access.md "Permissions").
import { ApiError, errors } from '../core/errors.js';
import type { Identity } from '../identity/identity.js';
import { organizationOf } from './org-scope.js';
import type { CallerClusters, CrdReader } from './caller-scope.js';
import { callerClusters } from './caller-scope.js';
import { memberGrant } from './member-grant.js';
import { isAdminOf } from './scope.js';

/** Who the grant is computed for: a caller, or the author of an object (an alarm rule). */
export type Grantee = Pick<Identity, 'userName' | 'sysAdmin' | 'organizations'>;

/** What a refusal names, so the console can say which permission is missing and where. */
export interface MissingPermission {
  missingPermission: string;
  cluster?: string;
  organization?: string;
}

/** 9997 naming the permission the caller lacks and where (a cluster, an organization, or any). */
export function missingPermission(
  permission: string,
  where: { cluster: string } | { organization: string } | 'any-cluster',
): ApiError {
  const place =
    where === 'any-cluster'
      ? 'on any of your clusters'
      : 'cluster' in where
        ? `on cluster ${where.cluster}`
        : `in organization ${where.organization}`;
  const details: MissingPermission = {
    missingPermission: permission,
    ...(where === 'any-cluster' ? {} : where),
  };
  return new ApiError(errors.noPermission, {
    message: `missing permission ${permission} ${place}`,
    details,
  });
}

/** The permissions granted on one cluster of the caller's scope (none outside it). */
export function grantOn(
  store: Pick<CrdReader, 'roles'>,
  grantee: Grantee,
  caller: CallerClusters,
  cluster: string,
): ReadonlySet<string> {
  if (!caller.scope.some((entry) => entry.cluster === cluster)) return new Set();
  return new Set(memberGrant(grantee, caller.access[cluster], store.roles) ?? []);
}

/** The clusters of the caller's scope where `permission` is granted, by name. */
export function clustersGranting(
  store: Pick<CrdReader, 'roles'>,
  grantee: Grantee,
  caller: CallerClusters,
  permission: string,
): Set<string> {
  return new Set(
    caller.scope
      .map((entry) => entry.cluster)
      .filter((cluster) => grantOn(store, grantee, caller, cluster).has(permission)),
  );
}

/**
 * Whether the caller may use `permission` on what `organization` owns without a cluster of its
 * own (a registry, a chart source): its administrators and system admins always (they keep
 * those objects), its other members where a role grants it on at least one of its clusters.
 */
export async function grantedInOrganization(
  store: CrdReader,
  identity: Identity,
  organization: string,
  permission: string,
): Promise<boolean> {
  if (isAdminOf(identity, organization)) return true;
  const caller = await callerClusters(store, identity);
  return [...clustersGranting(store, identity, caller, permission)].some((cluster) => {
    const object = store.clusters.get(cluster);
    return object !== undefined && organizationOf(object, store.organizations) === organization;
  });
}

export async function assertGrantedInOrganization(
  store: CrdReader,
  identity: Identity,
  organization: string,
  permission: string,
): Promise<void> {
  if (!(await grantedInOrganization(store, identity, organization, permission))) {
    throw missingPermission(permission, { organization });
  }
}

/**
 * For an object of an organization tied to one cluster (a dashboard, an alarm rule): the
 * organization's administrators always, other members where a role grants `permission` on it.
 */
export async function assertGrantedForObject(
  store: CrdReader,
  identity: Identity,
  object: { organization: string; cluster: string },
  permission: string,
): Promise<void> {
  if (isAdminOf(identity, object.organization)) return;
  const caller = await callerClusters(store, identity);
  if (!grantOn(store, identity, caller, object.cluster).has(permission)) {
    throw missingPermission(permission, { cluster: object.cluster });
  }
}

import type { CrdReader } from '../../access/caller-scope.js';
import { callerClusters } from '../../access/caller-scope.js';
import { memberGrant } from '../../access/member-grant.js';
import { isAdminOf } from '../../access/scope.js';
import type { HubStore, OrganizationObject } from '../../hub/store.js';
import type { Allow } from '../../access/policy.js';
import { addressedOrganization, everyone } from '../../access/org-scope.js';
import type { Identity } from '../../identity/identity.js';
import { organizationOf } from '../../access/org-scope.js';

export type AlarmApiStore = CrdReader &
  Pick<HubStore, 'alarmRules' | 'alarmReceivers' | 'alarmSilences' | 'secrets'>;

export type AlarmPermission = 'alarm:list' | 'alarm:silence' | 'alarm:manage';

/** The organization of the path, once the caller belongs to it (the policy checked the role). */
export function alarmOrganization(
  store: AlarmApiStore,
  identity: Identity,
  orgId: string,
  allow: Allow = everyone,
): OrganizationObject {
  return addressedOrganization(store.organizations, identity, orgId, allow);
}

/**
 * The clusters of `org` where the caller may use `permission`: every one for its administrators
 * (the alarm screens are theirs); for other members, those where their effective roles grant it
 * (the same grant the member RBAC projection writes), never a cluster that denies them.
 */
export async function clustersAllowing(
  store: AlarmApiStore,
  identity: Identity,
  org: string,
  permission: AlarmPermission,
): Promise<Set<string>> {
  const own = store.clusters
    .list((cluster) => organizationOf(cluster, store.organizations) === org)
    .map((cluster) => cluster.metadata.name);
  if (isAdminOf(identity, org)) return new Set(own);
  const caller = await callerClusters(store, identity);
  return new Set(
    own.filter((cluster) => {
      const grant = memberGrant(identity, caller.access[cluster], store.roles);
      return grant?.includes(permission) === true;
    }),
  );
}

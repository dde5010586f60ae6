import type { Cluster } from '../crds/cluster.js';
import type { OrganizationObject } from '../hub/store.js';
import type { Lookup } from '../iam/directory.js';
import type { OrganizationOwned } from '../iam/org-scope.js';
import { ownershipOf } from '../iam/org-scope.js';

type ClusterStatus = NonNullable<Cluster['status']>;
type Condition = NonNullable<ClusterStatus['conditions']>[number];

/**
 * The Cluster's `Organization` condition: True when it belongs to the organization it names,
 * False with the reason when it belongs to nobody (that organization is gone, or was deleted and
 * created again after this cluster was given to the earlier one), so `kubectl describe` says why
 * nobody sees it.
 */
export function ownershipCondition(
  cluster: OrganizationOwned,
  organizations: Pick<Lookup<OrganizationObject>, 'get'>,
  previous: ClusterStatus | undefined,
  now: string,
): Condition {
  const ownership = ownershipOf(cluster, organizations);
  const verdict =
    ownership.state === 'owned'
      ? {
          status: 'True' as const,
          reason: 'Owned',
          message: `belongs to organization ${ownership.organization.metadata.name}`,
        }
      : ownership.state === 'unowned'
        ? {
            status: 'False' as const,
            reason: 'NoOrganization',
            message: 'names no organization (label nimbus.io/organization)',
          }
        : { status: 'False' as const, reason: ownership.reason, message: ownership.message };
  const before = previous?.conditions?.find((c) => c.type === 'Organization');
  return {
    type: 'Organization',
    ...verdict,
    lastTransitionTime: before?.status === verdict.status ? before.lastTransitionTime : now,
  };
}

import type { DesiredCondition } from '../controllers/conditions.js';
import type { OrganizationObject } from '../hub/store.js';
import type { Lookup } from '../hub/directory.js';
import type { OrganizationOwned } from '../access/org-scope.js';
import { ownershipOf } from '../access/org-scope.js';

/**
 * The `Organization` condition of a Cluster or Registry: True when it belongs to the organization
 * it names, False with the reason when it belongs to nobody (that organization is gone, or was
 * deleted and created again after this object was given to the earlier one), so `kubectl
 * describe` says why nobody sees it.
 */
export function ownershipCondition(
  object: OrganizationOwned,
  organizations: Pick<Lookup<OrganizationObject>, 'get'>,
): DesiredCondition {
  const ownership = ownershipOf(object, organizations);
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
  return { type: 'Organization', ...verdict };
}

/** A Warning when the object belongs to nobody, else nothing. */
export function ownershipEvents(condition: DesiredCondition) {
  return condition.status === 'True'
    ? []
    : [
        {
          type: 'Warning' as const,
          reason: condition.reason,
          note: condition.message,
          action: 'Validate',
        },
      ];
}

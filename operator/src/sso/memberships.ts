import type { HubStore, IdentityProviderObject } from '../hub/store.js';

/**
 * What a sign-in decides about memberships: for each organization and UserGroup the provider's
 * group mappings name, whether the user belongs (true) or not (false). Organizations and groups
 * no mapping names are the administrators' and stay as they are.
 */
export interface MembershipPlan {
  organizations: Map<string, boolean>;
  userGroups: Map<string, boolean>;
}

type Directory = Pick<HubStore, 'organizations' | 'userGroups'>;

/**
 * The mappings applied to the groups the provider sent. A member of any mapped group of an
 * organization belongs to it; a UserGroup of another organization than its mapping names is
 * never touched (the organization boundary holds for kubectl-written providers too), nor is an
 * organization being deleted joined.
 */
export function planMemberships(
  provider: Pick<IdentityProviderObject, 'spec'>,
  groups: readonly string[],
  directory: Directory,
): MembershipPlan {
  const held = new Set(groups);
  const organizations = new Map<string, boolean>();
  const userGroups = new Map<string, boolean>();
  for (const mapping of provider.spec.groupMappings ?? []) {
    const org = directory.organizations.get(mapping.organization);
    if (!org) continue;
    const member = held.has(mapping.group) && org.metadata.deletionTimestamp === undefined;
    organizations.set(
      mapping.organization,
      (organizations.get(mapping.organization) ?? false) || member,
    );
    if (!mapping.userGroup) continue;
    const group = directory.userGroups.get(mapping.userGroup);
    if (group?.spec.organization !== mapping.organization) continue;
    userGroups.set(mapping.userGroup, (userGroups.get(mapping.userGroup) ?? false) || member);
  }
  return { organizations, userGroups };
}

/** Problems with the mappings, for the provider's status: names that lead nowhere. */
export function mappingProblems(
  provider: Pick<IdentityProviderObject, 'spec'>,
  directory: Directory,
): string[] {
  return (provider.spec.groupMappings ?? []).flatMap((mapping) => {
    if (!directory.organizations.get(mapping.organization)) {
      return [`group ${mapping.group}: organization ${mapping.organization} does not exist`];
    }
    if (!mapping.userGroup) return [];
    const group = directory.userGroups.get(mapping.userGroup);
    if (!group) return [`group ${mapping.group}: user group ${mapping.userGroup} does not exist`];
    return group.spec.organization === mapping.organization
      ? []
      : [
          `group ${mapping.group}: user group ${mapping.userGroup} belongs to organization ${group.spec.organization}, not ${mapping.organization}`,
        ];
  });
}

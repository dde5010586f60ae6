import type { HubStore } from '../hub/store.js';
import { organizationOf } from '../access/org-scope.js';

/** Adds a user to a group's members, guarded against concurrent edits of the group. */
export async function addMember(
  store: Pick<HubStore, 'userGroups'>,
  group: string,
  user: string,
): Promise<void> {
  await store.userGroups.modify(group, (spec) => {
    const members = spec.members ?? [];
    return members.includes(user) ? spec : { ...spec, members: [...members, user] };
  });
}

export async function removeMember(
  store: Pick<HubStore, 'userGroups'>,
  group: string,
  user: string,
): Promise<void> {
  await store.userGroups.modify(group, (spec) => ({
    ...spec,
    members: (spec.members ?? []).filter((member) => member !== user),
  }));
}

/**
 * Takes a user out of an organization together with what hangs on that membership: the user's
 * own bindings on the organization's clusters and the organization's groups. Kept, those would
 * come back to life if the user ever joined again.
 */
export async function leaveOrganization(
  store: Pick<HubStore, 'users' | 'userGroups' | 'clusters' | 'organizations'>,
  userName: string,
  orgName: string,
): Promise<void> {
  const ofOrganization = (cluster: string): boolean => {
    const registered = store.clusters.get(cluster);
    return registered !== undefined && organizationOf(registered, store.organizations) === orgName;
  };
  await store.users.modify(userName, (spec) => ({
    ...spec,
    organizations: (spec.organizations ?? []).filter((m) => m.name !== orgName),
    ...(spec.clusterPermissions
      ? { clusterPermissions: spec.clusterPermissions.filter((b) => !ofOrganization(b.cluster)) }
      : {}),
  }));
  const groups = store.userGroups.list(
    (g) => g.spec.organization === orgName && (g.spec.members ?? []).includes(userName),
  );
  for (const group of groups) await removeMember(store, group.metadata.name, userName);
}

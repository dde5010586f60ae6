import type { HubStore } from '../hub/store.js';

/** Adds a user to a group's members, guarded against concurrent edits of the group. */
export async function addMember(store: HubStore, group: string, user: string): Promise<void> {
  await store.userGroups.modify(group, (spec) => {
    const members = spec.members ?? [];
    return members.includes(user) ? spec : { ...spec, members: [...members, user] };
  });
}

export async function removeMember(store: HubStore, group: string, user: string): Promise<void> {
  await store.userGroups.modify(group, (spec) => ({
    ...spec,
    members: (spec.members ?? []).filter((member) => member !== user),
  }));
}

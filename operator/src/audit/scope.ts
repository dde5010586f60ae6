import type { Identity } from '../identity/identity.js';
import { ApiError, errors } from '../http/errors.js';
import type { HubStore } from '../hub/store.js';

/** User names of the members of the given organizations (by name). */
export type MemberLookup = (organizations: readonly string[]) => string[];

export function hubMemberLookup(hub: Pick<HubStore, 'users'>): MemberLookup {
  return (organizations) => {
    const wanted = new Set(organizations);
    return hub.users
      .list((user) => (user.spec.organizations ?? []).some((org) => wanted.has(org.name)))
      .map((user) => user.metadata.name);
  };
}

/**
 * Whose records the caller may read: undefined for everyone (system administrators), else the
 * members of the organizations they administer, themselves included. Others get 9997.
 */
export function visibleUsersFor(identity: Identity, members: MemberLookup): string[] | undefined {
  if (identity.sysAdmin) return undefined;
  const administered = identity.organizations.filter((org) => org.admin).map((org) => org.name);
  if (administered.length === 0) throw new ApiError(errors.noPermission);
  return [...new Set([identity.userName, ...members(administered)])].sort();
}

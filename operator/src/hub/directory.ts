import type {
  ClusterObject,
  OrganizationObject,
  RoleObject,
  UserGroupObject,
  UserObject,
} from './store.js';

/** The read side of one kind: what the informer caches offer, and what tests build from data. */
export interface Lookup<T> {
  get(name: string): T | undefined;
  getByUid(uid: string): T | undefined;
  list(filter?: (object: T) => boolean): T[];
}

/** Read access to the IAM kinds; a HubStore is one. */
export interface IamReader {
  users: Lookup<UserObject>;
  organizations: Lookup<OrganizationObject>;
  userGroups: Lookup<UserGroupObject>;
  roles: Lookup<RoleObject>;
  /** Clusters, to know which organization a cluster binding belongs to (organizationOf). */
  clusters: Lookup<ClusterObject>;
}

/** API ids are uuids (metadata.uid); names are accepted too, since GitOps authors write them. */
export function resolve<T>(lookup: Lookup<T>, ref: string | undefined): T | undefined {
  if (ref === undefined || ref === '') return undefined;
  return lookup.getByUid(ref) ?? lookup.get(ref);
}

export function organizationsOf(user: UserObject): string[] {
  return (user.spec.organizations ?? []).map((m) => m.name);
}

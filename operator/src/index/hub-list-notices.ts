// The hub's admin lists on the change stream (docs/decisions/live-changes.md): when a user,
// group, role, cluster or registry changes, the organizations whose list shows it are told to
// read that list again. A notice names the list and the organization's uid, never the object:
// who may hear it is decided by membership (hubNoticeScope), and the list read again is checked
// by its own endpoint.
import type { HubListKind } from '@nimbus/api/shared';
import { isHubListKind } from '@nimbus/api/shared';
import { organizationOf } from '../access/org-scope.js';
import type { HubStore } from '../hub/store.js';
import type { KindDefinition } from '../crds/kind.js';
import type { KindStore, Stored } from '../hub/types.js';
import type { Identity } from '../identity/identity.js';
import type { ChangeFeed, IndexNotice } from './change-feed.js';
import type { NoticeFilter } from './notice-scope.js';

/** The hub's kinds an admin list shows, and where organizations are looked up. */
export type HubLists = Pick<
  HubStore,
  'users' | 'userGroups' | 'roles' | 'clusters' | 'registries' | 'organizations'
>;

/** A notice that `kind`'s list of the organization with uid `organization` changed. */
export const hubListNotice = (kind: HubListKind, organization: string): IndexNotice => ({
  cluster: '',
  kind,
  namespace: '',
  name: '',
  type: 'relist',
  organization,
});

/**
 * Publishes on `feed` the hub lists' notices as the hub store changes; returns the unsubscribe.
 * An object's organizations are remembered, so that one that leaves an organization (a member
 * removed, a cluster given to another) tells the list it left as well as the one it joined.
 */
export function followHubLists(store: HubLists, feed: ChangeFeed): () => void {
  const uidOf = (name: string | undefined) =>
    name === undefined ? undefined : store.organizations.get(name)?.metadata.uid;
  const uids = (names: ReadonlyArray<string | undefined>): string[] =>
    names.map(uidOf).filter((uid): uid is string => uid !== undefined);

  const follow = <K extends KindDefinition>(
    kind: HubListKind,
    objects: KindStore<K>,
    organizationsOf: (object: Stored<K>) => string[],
  ): (() => void) => {
    const known = new Map<string, string[]>();
    return objects.subscribe((type, object) => {
      const name = object.metadata.name;
      const now = type === 'delete' ? [] : organizationsOf(object);
      const told = new Set([...(known.get(name) ?? []), ...now]);
      if (type === 'delete') known.delete(name);
      else known.set(name, now);
      if (told.size > 0) feed.publish([...told].map((uid) => hubListNotice(kind, uid)));
    });
  };

  const stops = [
    follow('hub.users', store.users, (user) =>
      uids((user.spec.organizations ?? []).map((membership) => membership.name)),
    ),
    follow('hub.groups', store.userGroups, (group) => uids([group.spec.organization])),
    // Built-in roles belong to no organization and change only with the product.
    follow('hub.roles', store.roles, (role) => uids([role.spec.organization])),
    follow('hub.clusters', store.clusters, (cluster) =>
      uids([organizationOf(cluster, store.organizations)]),
    ),
    follow('hub.registries', store.registries, (registry) =>
      uids([organizationOf(registry, store.organizations)]),
    ),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}

/**
 * Who hears a hub list's notice: a system administrator, a member of its organization, and for
 * the users list only the organization's administrators (whom alone the list answers).
 */
export function hubNoticeScope(identity: Identity): NoticeFilter {
  return (notice) => {
    if (!isHubListKind(notice.kind) || notice.organization === undefined) return false;
    if (identity.sysAdmin) return true;
    const membership = identity.organizations.find((org) => org.uid === notice.organization);
    if (!membership) return false;
    return notice.kind !== 'hub.users' || membership.admin;
  };
}

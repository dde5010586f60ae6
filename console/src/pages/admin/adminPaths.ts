/** Paths of the admin IAM and cluster screens; editing reuses the add screen. */
export const ADMIN_PATHS = {
  users: '/admin/user',
  userAdd: '/admin/user/add',
  groups: '/admin/group',
  groupAdd: '/admin/group/add',
  roles: '/admin/role',
  roleAdd: '/admin/role/add',
  organizations: '/admin/organization',
  organizationAdd: '/admin/organization/add',
  clusters: '/admin/cluster/list',
  clusterAdd: '/admin/cluster/add',
  registries: '/admin/registry/list',
  registryAdd: '/admin/registry/add',
} as const;

/** The query parameter naming the record an add screen edits. */
export const EDIT_PARAM = 'edit';

/** A cluster's detail page (rows of the cluster list open it). */
export const clusterDetailPath = (name: string): string =>
  `/admin/cluster/detail/${encodeURIComponent(name)}`;

/** A registry's browse screen: its repositories and their tags (rows of the registry list open it). */
export const registryBrowsePath = (name: string): string =>
  `/admin/registry/browse/${encodeURIComponent(name)}`;

export const editPath = (addPath: string, id: string): string =>
  `${addPath}?${new URLSearchParams({ [EDIT_PARAM]: id }).toString()}`;

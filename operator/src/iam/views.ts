import type { ClusterBindingView, GroupView, OrgView, RoleView, UserView } from '@nimbus/api';
import type { ClusterAccess } from '../access/effective.js';
import type { OrganizationObject, RoleObject, UserGroupObject, UserObject } from '../hub/store.js';
import type { IamReader } from '../hub/directory.js';
import { apiEffect } from './effects.js';
import { organizationOf } from '../access/org-scope.js';

/** What a viewer may see of other organizations: undefined means everything. */
export type Visibility = ReadonlySet<string> | undefined;

const visible = (org: string | undefined, orgs: Visibility): boolean =>
  orgs === undefined || (org !== undefined && orgs.has(org));

export function toClusterBindingViews(
  store: IamReader,
  bindings: ReadonlyArray<{ cluster: string; role: string; effect: 'Allow' | 'Deny' }>,
  orgs: Visibility = undefined,
): ClusterBindingView[] {
  return bindings.flatMap((binding) => {
    const role = store.roles.get(binding.role);
    if (role && !role.spec.builtIn && !visible(role.spec.organization, orgs)) return [];
    // A binding on a registered cluster belongs to the cluster's organization.
    const cluster = store.clusters.get(binding.cluster);
    if (cluster && !visible(organizationOf(cluster, store.organizations), orgs)) return [];
    return [
      {
        cluster: binding.cluster,
        roleId: role?.metadata.uid ?? '',
        roleName: binding.role,
        effect: binding.effect,
      },
    ];
  });
}

export function toOrgView(org: OrganizationObject, adminFlag?: boolean): OrgView {
  const { spec, metadata } = org;
  return {
    uuid: metadata.uid,
    name: metadata.name,
    cnName: spec.cnName,
    contact: spec.contact,
    email: spec.email,
    description: spec.description ?? '',
    monitorKey: spec.monitorKey ?? '',
    monitorValue: spec.monitorValue ?? '',
    ...(adminFlag === undefined ? {} : { adminFlag }),
    createdAt: metadata.creationTimestamp,
  };
}

export interface UserViewOptions {
  /** Organizations the viewer may see; undefined for the user themselves and system admins. */
  orgs?: Visibility;
  access?: Record<string, ClusterAccess>;
  mustChangePassword?: boolean;
}

export function toUserView(
  store: IamReader,
  user: UserObject,
  options: UserViewOptions = {},
): UserView {
  const { spec, metadata } = user;
  const orgs = options.orgs;
  const memberships = (spec.organizations ?? []).filter((m) => visible(m.name, orgs));
  const groups = store.userGroups.list(
    (g) => (g.spec.members ?? []).includes(metadata.name) && visible(g.spec.organization, orgs),
  );
  return {
    uuid: metadata.uid,
    userName: metadata.name,
    name: spec.displayName ?? '',
    email: spec.email,
    sysAdminFlag: spec.sysAdmin,
    // spec.mfaEnabled: users whose MFA was bound before the operator reported it in status.
    mfaEnableFlag: user.status?.mfaEnabled ?? spec.mfaEnabled,
    ...(spec.externalIdentity ? { identityProvider: spec.externalIdentity.provider } : {}),
    mustChangePassword: options.mustChangePassword ?? false,
    organizations: memberships.map((m) => {
      const org = store.organizations.get(m.name);
      return {
        uuid: org?.metadata.uid ?? '',
        name: m.name,
        cnName: org?.spec.cnName ?? '',
        adminFlag: m.admin,
      };
    }),
    providers: toClusterBindingViews(store, spec.clusterPermissions ?? [], orgs),
    groupUserBindings: groups.map((g) => ({ uuid: g.metadata.uid, name: g.metadata.name })),
    clusterAccess:
      orgs === undefined
        ? Object.values(options.access ?? {}).map(({ cluster, effect, permissions }) => ({
            cluster,
            effect,
            permissions,
          }))
        : [],
    createdAt: metadata.creationTimestamp,
  };
}

export function toGroupView(store: IamReader, group: UserGroupObject): GroupView {
  const { spec, metadata } = group;
  return {
    uuid: metadata.uid,
    name: metadata.name,
    description: spec.description ?? '',
    organizationId: store.organizations.get(spec.organization)?.metadata.uid ?? '',
    userIds: (spec.members ?? []).flatMap((name) => {
      const uid = store.users.get(name)?.metadata.uid;
      return uid ? [uid] : [];
    }),
    providers: toClusterBindingViews(store, spec.clusterPermissions ?? []),
    createdAt: metadata.creationTimestamp,
  };
}

export function toRoleView(store: IamReader, role: RoleObject): RoleView {
  const { spec, metadata } = role;
  const org = spec.organization ? store.organizations.get(spec.organization) : undefined;
  return {
    uuid: metadata.uid,
    name: metadata.name,
    description: spec.description ?? '',
    organizationId: org?.metadata.uid ?? '',
    builtIn: spec.builtIn === true,
    permissions: (spec.permissions ?? []).map((p) => ({
      name: p.name,
      effect: apiEffect(p.effect),
    })),
    createdAt: metadata.creationTimestamp,
  };
}

import { screen, type PageRoute } from './routeEntry';

const admin = (
  path: string,
  titleKey: PageRoute['titleKey'],
  page?: PageRoute['page'],
): PageRoute => ({ ...screen(`/admin/${path}`, titleKey, page), access: 'admin' });

/** SPEC §2's routes under /admin, generated only for system and organization administrators. */
export const adminRoutes: readonly PageRoute[] = [
  admin('user', 'routes.admin.users', () => import('../pages/admin/users/UsersPage')),
  admin('user/add', 'routes.admin.userAdd', () => import('../pages/admin/users/UserFormPage')),
  admin('group', 'routes.admin.groups', () => import('../pages/admin/groups/GroupsPage')),
  admin('group/add', 'routes.admin.groupAdd', () => import('../pages/admin/groups/GroupFormPage')),
  admin('role', 'routes.admin.roles', () => import('../pages/admin/roles/RolesPage')),
  admin('role/add', 'routes.admin.roleAdd', () => import('../pages/admin/roles/RoleFormPage')),
  admin(
    'organization',
    'routes.admin.organizations',
    () => import('../pages/admin/organizations/OrganizationsPage'),
  ),
  admin(
    'organization/add',
    'routes.admin.organizationAdd',
    () => import('../pages/admin/organizations/OrganizationCreatePage'),
  ),
  admin('alarm/config', 'routes.admin.alarmConfig'),
  admin('alarm/receiver', 'routes.admin.alarmReceiver'),
  admin('alarm/silence', 'routes.admin.alarmSilence'),
  admin(
    'cluster/list',
    'routes.admin.clusterList',
    () => import('../pages/admin/clusters/ClustersPage'),
  ),
  admin(
    'cluster/add',
    'routes.admin.clusterAdd',
    () => import('../pages/admin/clusters/ClusterWizardPage'),
  ),
  admin('registry/list', 'routes.admin.registryList'),
  admin('registry/add', 'routes.admin.registryAdd'),
];

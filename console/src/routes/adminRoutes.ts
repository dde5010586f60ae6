import { inMenu, type AdminNavigationGroup, type MenuPlacement } from './menuPlacement';
import { placeholderPage, screen, type PageRoute } from './routeEntry';

const admin = (
  path: string,
  titleKey: PageRoute['titleKey'],
  page: PageRoute['page'] = placeholderPage,
  ...menus: MenuPlacement[]
): PageRoute => ({ ...screen(`/admin/${path}`, titleKey, page, ...menus), access: 'admin' });

/** The header menu's Admin Services: IAM lists, clusters, registries and alarm settings. */
const adminServices = (labelKey: PageRoute['titleKey'], order: number) =>
  inMenu('adminServices', labelKey, order);

/** The side navigation's admin area: user, cluster, image registry and app store management. */
const adminNavigation = (
  group: AdminNavigationGroup,
  labelKey: PageRoute['titleKey'],
  order: number,
) => inMenu('adminNavigation', labelKey, order, { group });

/** The routes under /admin, generated only for system and organization administrators. */
export const adminRoutes: readonly PageRoute[] = [
  admin(
    'user',
    'routes.admin.users',
    () => import('../pages/admin/users/UsersPage'),
    adminServices('routes.admin.users', 10),
    adminNavigation('users', 'routes.admin.users', 10),
  ),
  admin('user/add', 'routes.admin.userAdd', () => import('../pages/admin/users/UserFormPage')),
  admin(
    'group',
    'routes.admin.groups',
    () => import('../pages/admin/groups/GroupsPage'),
    adminServices('routes.admin.groups', 20),
  ),
  admin('group/add', 'routes.admin.groupAdd', () => import('../pages/admin/groups/GroupFormPage')),
  admin(
    'role',
    'routes.admin.roles',
    () => import('../pages/admin/roles/RolesPage'),
    adminServices('routes.admin.roles', 30),
  ),
  admin('role/add', 'routes.admin.roleAdd', () => import('../pages/admin/roles/RoleFormPage')),
  admin(
    'organization',
    'routes.admin.organizations',
    () => import('../pages/admin/organizations/OrganizationsPage'),
    adminServices('routes.admin.organizations', 40),
  ),
  admin(
    'organization/add',
    'routes.admin.organizationAdd',
    () => import('../pages/admin/organizations/OrganizationCreatePage'),
  ),
  admin(
    'alarm/config',
    'routes.admin.alarmConfig',
    () => import('../pages/admin/alarms/AlarmConfigPage'),
    adminServices('routes.admin.alarmConfig', 90),
  ),
  admin(
    'alarm/receiver',
    'routes.admin.alarmReceiver',
    () => import('../pages/admin/alarms/ReceiversPage'),
    adminServices('routes.admin.alarmReceiver', 100),
  ),
  admin(
    'alarm/silence',
    'routes.admin.alarmSilence',
    () => import('../pages/admin/alarms/SilencesPage'),
    adminServices('routes.admin.alarmSilence', 110),
  ),
  admin(
    'cluster/list',
    'routes.admin.clusterList',
    () => import('../pages/admin/clusters/ClustersPage'),
    adminServices('routes.admin.clusterList', 50),
    adminNavigation('clusters', 'navigation.list', 10),
  ),
  admin(
    'cluster/add',
    'routes.admin.clusterAdd',
    () => import('../pages/admin/clusters/ClusterWizardPage'),
    adminServices('routes.admin.clusterAdd', 60),
    adminNavigation('clusters', 'navigation.new', 20),
  ),
  admin(
    'cluster/detail/:name',
    'routes.admin.clusterDetail',
    () => import('../pages/admin/clusters/ClusterDetailPage'),
  ),
  admin(
    'registry/list',
    'routes.admin.registryList',
    () => import('../pages/admin/registries/RegistriesPage'),
    adminServices('routes.admin.registryList', 70),
    adminNavigation('registries', 'navigation.list', 10),
  ),
  admin(
    'registry/add',
    'routes.admin.registryAdd',
    () => import('../pages/admin/registries/RegistryWizardPage'),
    adminServices('routes.admin.registryAdd', 80),
    adminNavigation('registries', 'navigation.new', 20),
  ),
  // Opened from a row of the registry list, so in no menu; the list's rights apply.
  admin(
    'registry/browse/:name',
    'routes.admin.registryBrowse',
    () => import('../pages/admin/registries/RegistryBrowsePage'),
  ),
  {
    ...admin(
      'identity-provider',
      'routes.admin.identityProviders',
      () => import('../pages/admin/identityProviders/IdentityProvidersPage'),
      adminServices('routes.admin.identityProviders', 45),
    ),
    // The installation's sign-in: system administrators only (the API says so too).
    access: 'systemAdmin',
  },
  admin(
    'appstore/sources',
    'routes.admin.chartSources',
    () => import('../pages/appstore/sources/ChartSourcesPage'),
    // Not in the SPEC's admin menus: placed after their entries.
    adminServices('routes.admin.chartSources', 120),
    adminNavigation('appstore', 'routes.admin.chartSources', 10),
  ),
];

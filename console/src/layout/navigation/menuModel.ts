import type { TranslationKey } from '../../i18n/translationKey';
import {
  createPath,
  FAST_CREATION_FORMS,
  LISTED_KINDS,
  listPath,
} from '../../resources/resourceKinds';
import { findPageRoute } from '../../routes/generateRoutes';
import type { RouteEntry } from '../../routes/routeEntry';

export interface MenuLink {
  to: string;
  labelKey: TranslationKey;
}

const link = (to: string, labelKey: TranslationKey): MenuLink => ({ to, labelKey });

/** Header menu "tools" (SPEC §2) and the home page's tool cards. */
export const TOOL_LINKS: readonly MenuLink[] = [
  link('/cluster-dashboard', 'menu.tools.clusterMonitor'),
  link('/audit', 'menu.tools.audit'),
  link('/add/import', 'menu.tools.importYaml'),
];

/** Header menu "User Services": the list page of every resource type and custom monitoring. */
export const USER_SERVICE_LINKS: readonly MenuLink[] = [
  ...LISTED_KINDS.map((kind) => link(listPath(kind), `kinds.${kind}`)),
  link('/dashboard-custom/category', 'menu.customMonitor'),
];

/** Header menu "Admin Services": IAM lists, clusters, registries and alarm settings. */
export const ADMIN_SERVICE_LINKS: readonly MenuLink[] = [
  link('/admin/user', 'routes.admin.users'),
  link('/admin/group', 'routes.admin.groups'),
  link('/admin/role', 'routes.admin.roles'),
  link('/admin/organization', 'routes.admin.organizations'),
  link('/admin/cluster/list', 'routes.admin.clusterList'),
  link('/admin/cluster/add', 'routes.admin.clusterAdd'),
  link('/admin/registry/list', 'routes.admin.registryList'),
  link('/admin/registry/add', 'routes.admin.registryAdd'),
  link('/admin/alarm/config', 'routes.admin.alarmConfig'),
  link('/admin/alarm/receiver', 'routes.admin.alarmReceiver'),
  link('/admin/alarm/silence', 'routes.admin.alarmSilence'),
];

/** Side navigation "Fast Creation" (SPEC §2 navigation menu labels). */
export const FAST_CREATION_LINKS: readonly MenuLink[] = FAST_CREATION_FORMS.map((form) =>
  link(createPath(form), `kinds.create.${form}`),
);

export interface AdminNavigationGroup {
  key: string;
  labelKey: TranslationKey;
  links: readonly MenuLink[];
}

/** Side navigation admin area: user, cluster and image registry management. */
export const ADMIN_NAVIGATION: readonly AdminNavigationGroup[] = [
  {
    key: 'users',
    labelKey: 'navigation.userManagement',
    links: [link('/admin/user', 'routes.admin.users')],
  },
  {
    key: 'clusters',
    labelKey: 'navigation.clusterManagement',
    links: [
      link('/admin/cluster/list', 'navigation.list'),
      link('/admin/cluster/add', 'navigation.new'),
    ],
  },
  {
    key: 'registries',
    labelKey: 'navigation.registryManagement',
    links: [
      link('/admin/registry/list', 'navigation.list'),
      link('/admin/registry/add', 'navigation.new'),
    ],
  },
];

/** The links whose target is among the routes generated for the viewer. */
export const openableLinks = (
  links: readonly MenuLink[],
  routes: readonly RouteEntry[],
): MenuLink[] => links.filter((entry) => findPageRoute(routes, entry.to) !== undefined);

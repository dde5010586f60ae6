import { CREATE_FORMS, FAST_CREATION_FORMS, type CreateForm } from '../resources/resourceKinds';
import { adminRoutes } from './adminRoutes';
import { HOME_PATH, LOGIN_PATH, NOT_FOUND_PATH, REDIRECT_PATH } from './paths';
import { inMenu, type MenuPlacement } from './menuPlacement';
import { bareScreen, redirectRoute, screen, type RouteEntry } from './routeEntry';

export {
  isRedirectRoute,
  type PageModule,
  type PageRoute,
  type RedirectRoute,
  type RouteEntry,
  type RouteLayout,
} from './routeEntry';

/** Fast Creation: the navigation menu's creation forms, in its order. */
const fastCreation = (form: CreateForm): MenuPlacement[] => {
  const position = FAST_CREATION_FORMS.findIndex((candidate) => candidate === form);
  const fast = FAST_CREATION_FORMS[position];
  return fast === undefined ? [] : [inMenu('fastCreation', `kinds.create.${fast}`, position)];
};

/**
 * Every route of the console, described once. The router, the menus, access checks and
 * document titles are all derived from this table.
 */
export const routeTable: readonly RouteEntry[] = [
  {
    path: LOGIN_PATH,
    titleKey: 'routes.login',
    access: 'public',
    layout: 'bare',
    page: () => import('../pages/login/LoginPage'),
    signedInRedirect: HOME_PATH,
  },
  redirectRoute('/', HOME_PATH),
  screen(
    HOME_PATH,
    'routes.home',
    () => import('../pages/home/HomePage'),
    inMenu('navigation', 'routes.home', 10),
  ),
  screen(
    '/swagger',
    'routes.swagger',
    () => import('../pages/swagger/SwaggerPage'),
    inMenu('tools', 'menu.tools.apiDocs', 40),
  ),
  screen(`${REDIRECT_PATH}/*`, 'routes.redirect', () => import('../pages/redirect/RedirectPage')),
  screen(
    '/list/:type',
    'routes.list',
    () => import('../pages/resources/ResourceListPage'),
    inMenu('userServices', 'routes.list', 10, { perKind: true }),
  ),
  screen(
    '/detail/:type/:name',
    'routes.detail',
    () => import('../pages/resources/ResourceDetailPage'),
  ),
  screen('/add', 'routes.add', () => import('../pages/add/AddChooserPage')),
  screen(
    '/add/import',
    'routes.addImport',
    () => import('../pages/importYaml/ImportYamlPage'),
    inMenu('tools', 'menu.tools.importYaml', 30, {
      descriptionKey: 'home.tools.importYamlDescription',
    }),
  ),
  // Each kind's descriptor says which of these forms it offers; the others stay placeholders.
  ...CREATE_FORMS.map((form) =>
    screen(
      `/add/${form}`,
      `routes.create.${form}`,
      () => import('../pages/resources/ResourceCreatePage'),
      ...fastCreation(form),
    ),
  ),
  screen(NOT_FOUND_PATH, 'routes.notFound', () => import('../pages/notFound/NotFoundPage')),
  {
    ...screen(
      '/audit',
      'routes.audit',
      () => import('../pages/audit/AuditPage'),
      inMenu('tools', 'menu.tools.audit', 20, { descriptionKey: 'home.tools.auditDescription' }),
    ),
    // The server lets administrators alone read the audit (api/src/endpoints/audit.ts).
    access: 'admin',
  },
  // Not in the SPEC's menus: placed after their entries, so the features can be found.
  screen(
    '/cost',
    'routes.cost',
    () => import('../pages/cost/CostPage'),
    inMenu('navigation', 'routes.cost', 20),
    inMenu('tools', 'menu.tools.cost', 50, { descriptionKey: 'home.tools.costDescription' }),
  ),
  screen(
    '/cluster-dashboard',
    'routes.clusterDashboard',
    () => import('../pages/clusterDashboard/ClusterDashboardPage'),
    inMenu('tools', 'menu.tools.clusterMonitor', 10, {
      descriptionKey: 'home.tools.clusterMonitorDescription',
    }),
  ),
  redirectRoute('/dashboard-custom', '/dashboard-custom/category'),
  screen(
    '/dashboard-custom/category',
    'routes.dashboardCategories',
    () => import('../pages/dashboards/CategoriesPage'),
    inMenu('userServices', 'menu.customMonitor', 20),
  ),
  screen(
    '/dashboard-custom/category/:category/dashboard',
    'routes.dashboards',
    () => import('../pages/dashboards/DashboardsPage'),
  ),
  screen(
    '/dashboard-custom/dashboard/:dashboard/detail',
    'routes.dashboardDetail',
    () => import('../pages/dashboards/DashboardDetailPage'),
  ),
  redirectRoute('/appstore', '/appstore/list'),
  screen(
    '/appstore/list',
    'routes.appstore',
    () => import('../pages/appstore/AppStoreListPage'),
    inMenu('navigation', 'routes.appstore', 30),
    inMenu('tools', 'menu.tools.appStore', 60, {
      descriptionKey: 'home.tools.appStoreDescription',
    }),
  ),
  screen(
    '/appstore/detail/:name/:version',
    'routes.appDetail',
    () => import('../pages/appstore/ChartDetailPage'),
  ),
  bareScreen(
    '/dashboard/:dashboard/config',
    'routes.dashboardConfig',
    () => import('../pages/dashboards/PanelConfigPage'),
  ),
  bareScreen('/logs/:name/:container', 'routes.logs', () => import('../pages/logs/LogsPage')),
  bareScreen('/shell/:name/:container', 'routes.shell', () => import('../pages/shell/ShellPage')),
  ...adminRoutes,
  redirectRoute('*', NOT_FOUND_PATH),
];

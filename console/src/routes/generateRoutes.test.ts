import { describe, expect, it } from 'vitest';
import { findPageRoute, generateRoutes } from './generateRoutes';
import { isRedirectRoute } from './routeEntry';
import { routeTable } from './routeTable';

const pathsFor = (role: Parameters<typeof generateRoutes>[1]) =>
  generateRoutes(routeTable, role)
    .filter((entry) => !isRedirectRoute(entry))
    .map((entry) => entry.path);

const ADMIN_PATHS = [
  '/admin/user',
  '/admin/user/add',
  '/admin/alarm/config',
  '/admin/alarm/receiver',
  '/admin/alarm/silence',
  '/admin/cluster/add',
  '/admin/cluster/list',
  '/admin/registry/add',
  '/admin/registry/list',
  '/admin/registry/browse/:name',
  '/admin/appstore/sources',
  '/admin/organization',
  '/admin/organization/add',
  '/admin/group',
  '/admin/group/add',
  '/admin/role',
  '/admin/role/add',
];

describe('generateRoutes', () => {
  it.each(['system-admin', 'organization-admin'] as const)('gives %s every admin route', (role) => {
    expect(pathsFor(role)).toEqual(expect.arrayContaining(ADMIN_PATHS));
  });

  it('gives a plain user the base routes without any admin route', () => {
    const paths = pathsFor('user');
    expect(paths.filter((path) => path.startsWith('/admin'))).toEqual([]);
    expect(paths).toEqual(
      expect.arrayContaining(['/home', '/list/:type', '/notFound', '/redirect/*']),
    );
    // The server lets administrators alone read the audit.
    expect(paths).not.toContain('/audit');
    expect(pathsFor('organization-admin')).toContain('/audit');
  });

  it('always ends with the not-found redirect and leaves the sign-in page out', () => {
    for (const role of ['system-admin', 'organization-admin', 'user'] as const) {
      const routes = generateRoutes(routeTable, role);
      expect(routes.at(-1)).toEqual({ path: '*', access: 'public', redirectTo: '/notFound' });
      expect(routes.some((entry) => entry.path === '/login')).toBe(false);
    }
  });

  it('treats a role not derived yet like a plain user', () => {
    expect(pathsFor(undefined)).toEqual(pathsFor('user'));
  });
});

describe('route table', () => {
  it('holds every route of the console', () => {
    const paths = routeTable.map((entry) => entry.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/login',
        '/',
        '/home',
        '/swagger',
        '/redirect/*',
        '/list/:type',
        '/detail/:type/:name',
        '/add',
        '/add/import',
        ...['Application', 'Deployment', 'StatefulSet', 'CronJob', 'DaemonSet'].map(
          (kind) => `/add/${kind}`,
        ),
        ...['Service', 'Namespace', 'PersistentVolume', 'PersistentVolumeClaims', 'Ingress'].map(
          (kind) => `/add/${kind}`,
        ),
        '/add/StorageClass',
        '/add/ConfigMap',
        '/add/Secret',
        '/notFound',
        '/audit',
        '/cost',
        '/cluster-dashboard',
        '/dashboard-custom',
        '/dashboard-custom/category',
        '/dashboard-custom/category/:category/dashboard',
        '/dashboard-custom/dashboard/:dashboard/detail',
        '/appstore',
        '/appstore/list',
        '/appstore/detail/:name/:version',
        '/dashboard/:dashboard/config',
        '/logs/:name/:container',
        '/shell/:name/:container',
        ...ADMIN_PATHS,
        '*',
      ]),
    );
    expect(new Set(paths).size).toBe(paths.length);
  });
});

it('finds the generated route a concrete path opens', () => {
  const userRoutes = generateRoutes(routeTable, 'user');
  expect(findPageRoute(userRoutes, '/list/Deployment')?.path).toBe('/list/:type');
  expect(findPageRoute(userRoutes, '/admin/user')).toBeUndefined();
  expect(findPageRoute(generateRoutes(routeTable, 'system-admin'), '/admin/user')?.path).toBe(
    '/admin/user',
  );
});

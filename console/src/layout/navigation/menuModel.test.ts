import { describe, expect, it } from 'vitest';
import { builtInKinds } from '../../resources/kindDescriptors';
import { inMenu } from '../../routes/menuPlacement';
import { placeholderPage, screen, type PageRoute } from '../../routes/routeEntry';
import { routeTable } from '../../routes/routeTable';
import type { DerivedRole } from '../../appState/deriveRole';
import { menuLinks } from './menuModel';

const kinds = builtInKinds.descriptors;
const paths = (role: DerivedRole | undefined, menu: Parameters<typeof menuLinks>[2]) =>
  menuLinks(routeTable, role, menu, kinds).map((link) => link.to);

/** Admin Services: who and where first, then what the organization runs. */
const IAM_SERVICES = ['/admin/user', '/admin/group', '/admin/role', '/admin/organization'];
const RESOURCE_SERVICES = [
  '/admin/cluster/list',
  '/admin/cluster/add',
  '/admin/registry/list',
  '/admin/registry/add',
  '/admin/alarm/config',
  '/admin/alarm/receiver',
  '/admin/alarm/silence',
  '/admin/appstore/sources',
];

describe('menus of the route table', () => {
  it('give everyone the tools, User Services, Navigation and Fast Creation', () => {
    expect(paths('user', 'tools')).toEqual([
      '/cluster-dashboard',
      '/add/import',
      '/swagger',
      '/cost',
      '/appstore/list',
    ]);
    expect(paths('user', 'userServices')).toEqual([
      ...kinds.map((descriptor) => `/list/${descriptor.kind}`),
      '/dashboard-custom/category',
    ]);
    expect(menuLinks(routeTable, 'user', 'userServices', kinds)[0]?.labelKey).toBe(
      'kinds.Deployment',
    );
    expect(paths('user', 'navigation')).toEqual(['/home', '/cost', '/appstore/list']);
    expect(paths('user', 'fastCreation')).toEqual(
      [
        'Application',
        'Namespace',
        'ConfigMap',
        'Secret',
        'PersistentVolume',
        'PersistentVolumeClaims',
        'StorageClass',
        'Ingress',
      ].map((form) => `/add/${form}`),
    );
  });

  it.each(['system-admin', 'organization-admin'] as const)(
    'give %s Admin Services and the admin area, grouped',
    (role) => {
      // The installation's identity providers are the system administrators' alone.
      const identityProviders = role === 'system-admin' ? ['/admin/identity-provider'] : [];
      expect(paths(role, 'adminServices')).toEqual([
        ...IAM_SERVICES,
        ...identityProviders,
        ...RESOURCE_SERVICES,
      ]);
      const area = menuLinks(routeTable, role, 'adminNavigation', kinds);
      expect(area.map((link) => [link.group, link.to, link.labelKey])).toEqual([
        ['users', '/admin/user', 'routes.admin.users'],
        ['clusters', '/admin/cluster/list', 'navigation.list'],
        ['registries', '/admin/registry/list', 'navigation.list'],
        ['appstore', '/admin/appstore/sources', 'routes.admin.chartSources'],
        ['clusters', '/admin/cluster/add', 'navigation.new'],
        ['registries', '/admin/registry/add', 'navigation.new'],
      ]);
    },
  );

  it.each(['user', undefined] as const)('give %s no admin menu at all', (role) => {
    expect(paths(role, 'adminServices')).toEqual([]);
    expect(paths(role, 'adminNavigation')).toEqual([]);
  });

  it('make the tools with a description the home tool cards', () => {
    const described = menuLinks(routeTable, 'organization-admin', 'tools', kinds).filter(
      (link) => link.descriptionKey,
    );
    expect(described.map((link) => link.to)).toEqual([
      '/cluster-dashboard',
      '/audit',
      '/add/import',
      '/cost',
      '/appstore/list',
    ]);
  });
});

describe('a route or kind added to the table', () => {
  const reports: PageRoute = screen(
    '/reports',
    'routes.cost',
    placeholderPage,
    inMenu('tools', 'routes.cost', 5, { roles: ['organization-admin'] }),
  );
  const auditTrail: PageRoute = {
    ...screen(
      '/admin/trail',
      'routes.audit',
      placeholderPage,
      inMenu('adminServices', 'routes.audit', 1),
    ),
    access: 'admin',
  };
  const table = [...routeTable, reports, auditTrail];

  it('appears in its menu, in order, for the roles its placement admits', () => {
    expect(menuLinks(table, 'organization-admin', 'tools', kinds)[0]).toEqual({
      to: '/reports',
      labelKey: 'routes.cost',
    });
    for (const role of ['system-admin', 'user', undefined] as const) {
      expect(menuLinks(table, role, 'tools', kinds).map((link) => link.to)).not.toContain(
        '/reports',
      );
    }
  });

  it('appears only for roles that may open the route', () => {
    for (const role of ['system-admin', 'organization-admin'] as const) {
      expect(menuLinks(table, role, 'adminServices', kinds)[0]?.to).toBe('/admin/trail');
    }
    expect(menuLinks(table, 'user', 'adminServices', kinds)).toEqual([]);
  });

  it('adds a described kind to User Services', () => {
    const links = menuLinks(routeTable, 'user', 'userServices', [
      ...kinds,
      { kind: 'Widget', labelKey: 'routes.list' },
    ]);
    expect(links.map((link) => link.to)).toContain('/list/Widget');
    expect(links.at(-2)).toEqual({ to: '/list/Widget', labelKey: 'routes.list' });
  });
});

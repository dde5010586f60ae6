import { describe, expect, it } from 'vitest';
import { effectiveClusterAccess } from '../access/effective.js';
import {
  clusterObject,
  groupObject,
  orgObject,
  readerOf,
  roleObject,
  userObject,
} from '../testing/iam.js';
import { toRoleView, toUserView } from './views.js';

const bob = userObject(
  'bob',
  { acme: false, globex: true },
  {
    displayName: 'Bob',
    clusterPermissions: [
      { cluster: 'a', role: 'acme-dev', effect: 'Allow' },
      { cluster: 'g', role: 'globex-dev', effect: 'Deny' },
      { cluster: 'x', role: 'read-only', effect: 'Allow' },
    ],
  },
);
const reader = readerOf({
  users: [bob],
  organizations: [orgObject('acme'), orgObject('globex')],
  roles: [
    roleObject('acme-dev', 'acme', [['application:list', 'allow']]),
    roleObject('globex-dev', 'globex', []),
    roleObject('read-only', undefined, [['node:list', 'allow']]),
  ],
  groups: [groupObject('acme-ops', 'acme', ['bob']), groupObject('globex-ops', 'globex', ['bob'])],
  clusters: [clusterObject('a', 'acme'), clusterObject('g', 'globex'), clusterObject('x', 'acme')],
});

describe('user view', () => {
  it('shows the user everything, with the effective access computed on the server', () => {
    const access = effectiveClusterAccess(
      bob,
      [],
      reader.roles.list(),
      reader.clusters.list(),
      reader.organizations,
    );
    const view = toUserView(reader, bob, { access });
    expect(view).toMatchObject({
      uuid: 'uid-bob',
      userName: 'bob',
      name: 'Bob',
      organizations: [
        { uuid: 'uid-acme', name: 'acme', adminFlag: false },
        { uuid: 'uid-globex', name: 'globex', adminFlag: true },
      ],
      groupUserBindings: [
        { uuid: 'uid-acme-ops', name: 'acme-ops' },
        { uuid: 'uid-globex-ops', name: 'globex-ops' },
      ],
    });
    expect(view.providers.map((p) => `${p.cluster}:${p.roleName}:${p.effect}`)).toEqual([
      'a:acme-dev:Allow',
      'g:globex-dev:Deny',
      'x:read-only:Allow',
    ]);
    expect(view.providers[0]?.roleId).toBe('uid-acme-dev');
    expect(view.clusterAccess).toEqual([
      { cluster: 'a', effect: 'Allow', permissions: ['application:list'] },
      { cluster: 'g', effect: 'Deny', permissions: [] },
      { cluster: 'x', effect: 'Allow', permissions: ['node:list'] },
    ]);
  });

  it('hides the organizations, groups and bindings of other organizations from other viewers', () => {
    const view = toUserView(reader, bob, { orgs: new Set(['acme']) });
    expect(view.organizations.map((o) => o.name)).toEqual(['acme']);
    expect(view.groupUserBindings.map((g) => g.name)).toEqual(['acme-ops']);
    expect(view.providers.map((p) => p.roleName)).toEqual(['acme-dev', 'read-only']);
    expect(view.clusterAccess).toEqual([]);
    expect(JSON.stringify(view)).not.toContain('globex');
  });
});

describe('role view', () => {
  it('marks built-in roles and gives them no organization', () => {
    expect(
      toRoleView(reader, reader.roles.get('read-only') ?? roleObject('x', 'y', [])),
    ).toMatchObject({
      builtIn: true,
      organizationId: '',
      permissions: [{ name: 'node:list', effect: 'allow' }],
    });
    expect(
      toRoleView(reader, reader.roles.get('acme-dev') ?? roleObject('x', 'y', [])),
    ).toMatchObject({
      builtIn: false,
      organizationId: 'uid-acme',
    });
  });
});

import { expect, it } from 'vitest';
import { choicesOf, groupPermissions, permissionsOf } from './rolePermissions';

const catalogue = [
  { name: 'apps.list', group: 'Applications', description: '' },
  { name: 'clusters.test', group: 'Clusters', description: '' },
  { name: 'apps.create', group: 'Applications', description: '' },
];

it('groups the catalogue in the order the server lists it', () => {
  expect(
    groupPermissions(catalogue).map(({ group, permissions }) => [
      group,
      permissions.map((permission) => permission.name),
    ]),
  ).toEqual([
    ['Applications', ['apps.list', 'apps.create']],
    ['Clusters', ['clusters.test']],
  ]);
});

it('starts every permission as not set except those the role has', () => {
  expect(choicesOf(catalogue, [{ name: 'apps.create', effect: 'deny' }])).toEqual({
    'apps.list': 'none',
    'clusters.test': 'none',
    'apps.create': 'deny',
  });
});

it('keeps permissions the catalogue no longer lists', () => {
  expect(
    permissionsOf(
      { 'apps.list': 'allow', 'clusters.test': 'none', 'apps.create': 'deny' },
      catalogue,
      [
        { name: 'apps.list', effect: 'deny' },
        { name: 'legacy.thing', effect: 'allow' },
      ],
    ),
  ).toEqual([
    { name: 'apps.list', effect: 'allow' },
    { name: 'apps.create', effect: 'deny' },
    { name: 'legacy.thing', effect: 'allow' },
  ]);
});

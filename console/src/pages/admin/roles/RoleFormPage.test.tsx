import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { IAM, ok, ORG_ID, page, renderAdminRoutes } from '../../../../tests/adminTestBed';
import { startLoopbackServer, type LoopbackServer } from '../../../../tests/loopbackServer';
import RoleFormPage from './RoleFormPage';

const catalogue = [
  { name: 'applications.list', group: 'Applications', description: 'List applications' },
  { name: 'applications.delete', group: 'Applications', description: 'Delete applications' },
  { name: 'clusters.test', group: 'Clusters', description: 'Test cluster' },
];
const owner = {
  uuid: 'r-owner',
  name: 'owner',
  description: 'Everything',
  organizationId: '',
  builtIn: true,
  permissions: [{ name: 'clusters.test', effect: 'allow' }],
};

let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackServer();
  server.respond(`${IAM}/permissions`, ok({ items: catalogue }));
  server.respond(`${IAM}/organizations/${ORG_ID}/roles?page=1&pageSize=100`, ok(page([owner])));
});
afterEach(() => server.close());

const renderRoleForm = (path: string) =>
  renderAdminRoutes(
    [
      { path: '/admin/role/add', element: <RoleFormPage /> },
      { path: '/admin/role', element: <h1>roles</h1> },
    ],
    path,
    server,
  );

it('creates a role from the grouped catalogue, each permission allowed, denied or not set', async () => {
  server.respond(`POST ${IAM}/roles`, ok({ uuid: 'r-new' }));
  const user = userEvent.setup();
  const { router } = renderRoleForm('/admin/role/add');

  const permissions = await screen.findByTestId('role-form-permissions');
  expect(within(permissions).getByText('Applications')).toBeDefined();
  expect(within(permissions).getByText('Clusters')).toBeDefined();
  await user.type(screen.getByLabelText('Name'), 'app-viewer');
  const choose = (permission: string, effect: string) =>
    user.click(
      within(within(permissions).getByRole('radiogroup', { name: permission })).getByText(effect),
    );
  await choose('List applications', 'Allow');
  await choose('Delete applications', 'Deny');
  await user.click(screen.getByRole('button', { name: 'Submit' }));

  await waitFor(() => expect(router.state.location.pathname).toBe('/admin/role'));
  expect(server.requests.find((request) => request.method === 'POST')?.body).toEqual({
    name: 'app-viewer',
    description: '',
    organizationId: ORG_ID,
    permissions: [
      { name: 'applications.list', effect: 'allow' },
      { name: 'applications.delete', effect: 'deny' },
    ],
  });
});

it('shows a built-in role read-only', async () => {
  renderRoleForm('/admin/role/add?edit=r-owner');

  expect(await screen.findByText('Built-in roles cannot be changed.')).toBeDefined();
  expect(screen.getByLabelText('Name')).toHaveProperty('value', 'owner');
  expect(screen.getByLabelText('Name')).toHaveProperty('disabled', true);
  const testCluster = screen.getByRole('radiogroup', { name: 'Test cluster' });
  expect(within(testCluster).getByLabelText('Allow')).toHaveProperty('checked', true);
  expect(within(testCluster).getByLabelText('Allow')).toHaveProperty('disabled', true);
  expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
  // The server's English description of a built-in role is shown in the reader's language.
  expect(screen.getByLabelText('Description')).toHaveProperty(
    'value',
    'Every operation on the cluster.',
  );
});

it('allows, denies or clears a whole group at once and says how many are chosen', async () => {
  server.respond(`POST ${IAM}/roles`, ok({ uuid: 'r-new' }));
  const user = userEvent.setup();
  const { router } = renderRoleForm('/admin/role/add');
  const applications = await screen.findByTestId('role-group-Applications');
  const tally = (group: HTMLElement) => within(group).getByTestId('role-group-tally').textContent;
  const button = (name: string) => within(applications).getByRole('button', { name });
  expect(tally(applications)).toBe('0 allowed · 0 denied');

  await user.click(button('Allow all: Applications'));
  expect(tally(applications)).toBe('2 allowed · 0 denied');
  // The chosen effect is a filled button, and allowing all again has nothing left to do.
  const list = within(applications).getByRole('radiogroup', { name: 'List applications' });
  expect(within(list).getByLabelText('Allow')).toHaveProperty('checked', true);
  expect(list.classList.contains('ant-radio-group-solid')).toBe(true);
  expect(button('Allow all: Applications')).toHaveProperty('disabled', true);
  expect(tally(screen.getByTestId('role-group-Clusters'))).toBe('0 allowed · 0 denied');

  await user.click(button('Clear all: Applications'));
  expect(tally(applications)).toBe('0 allowed · 0 denied');
  await user.click(button('Deny all: Applications'));
  expect(tally(applications)).toBe('0 allowed · 2 denied');

  await user.type(screen.getByLabelText('Name'), 'no-apps');
  await user.click(screen.getByRole('button', { name: 'Submit' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/admin/role'));
  expect(server.requests.find((request) => request.method === 'POST')?.body).toMatchObject({
    permissions: [
      { name: 'applications.list', effect: 'deny' },
      { name: 'applications.delete', effect: 'deny' },
    ],
  });
});

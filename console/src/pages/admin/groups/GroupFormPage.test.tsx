import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it } from 'vitest';
import {
  API,
  chooseOption,
  IAM,
  ok,
  ORG_ID,
  page,
  renderAdminRoutes,
} from '../../../../tests/adminTestBed';
import { startLoopbackServer, type LoopbackServer } from '../../../../tests/loopbackServer';
import GroupFormPage from './GroupFormPage';

let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackServer();
  server.respond(
    `${IAM}/organizations/${ORG_ID}/users?page=1&pageSize=100`,
    ok(
      page([
        { uuid: 'u-1', userName: 'alice' },
        { uuid: 'u-2', userName: 'bob' },
      ]),
    ),
  );
  server.respond(
    `${IAM}/organizations/${ORG_ID}/roles?page=1&pageSize=100`,
    ok(page([{ uuid: 'r-ops', name: 'operator', builtIn: true, permissions: [] }])),
  );
  server.respond(
    `${API}/manage.nimbus.io/organizations/${ORG_ID}/providers?page=1&pageSize=100`,
    ok({ items: [{ cluster: 'cluster-a' }, { cluster: 'cluster-b' }] }),
  );
  server.respond(
    `${IAM}/organizations/${ORG_ID}/groups/g-1`,
    ok({
      uuid: 'g-1',
      name: 'devs',
      description: 'Developers',
      organizationId: ORG_ID,
      userIds: ['u-1'],
      providers: [{ cluster: 'cluster-a', roleId: 'r-ops', roleName: 'operator', effect: 'Allow' }],
    }),
  );
  server.respond(`PUT ${IAM}/groups`, ok({ uuid: 'g-1' }));
});
afterEach(() => server.close());

it('edits a group: name fixed, members and a new cluster row denied', async () => {
  const user = userEvent.setup();
  const { router } = renderAdminRoutes(
    [
      { path: '/admin/group/add', element: <GroupFormPage /> },
      { path: '/admin/group', element: <h1>groups</h1> },
    ],
    '/admin/group/add?edit=g-1',
    server,
  );

  const form = await screen.findByTestId('admin-group-form');
  expect(within(form).getByLabelText('Name')).toHaveProperty('disabled', true);
  await chooseOption(user, within(form).getByLabelText('Members'), 'bob');
  const rows = screen.getByTestId('group-form-cluster-rows');
  await user.click(within(rows).getByRole('button', { name: /Add cluster permission/ }));
  await chooseOption(user, within(rows).getByLabelText('Cluster 2'), 'cluster-b');
  await chooseOption(user, within(rows).getByLabelText('Role on cluster 2'), 'operator');
  await user.click(
    within(within(rows).getByRole('radiogroup', { name: 'Effect on cluster 2' })).getByText('Deny'),
  );
  await user.click(within(form).getByRole('button', { name: 'Submit' }));

  await waitFor(() => expect(router.state.location.pathname).toBe('/admin/group'));
  expect(server.requests.find((request) => request.method === 'PUT')?.body).toEqual({
    uuid: 'g-1',
    name: 'devs',
    description: 'Developers',
    organizationId: ORG_ID,
    userIds: ['u-1', 'u-2'],
    providers: [
      { cluster: 'cluster-a', roleId: 'r-ops', effect: 'Allow' },
      { cluster: 'cluster-b', roleId: 'r-ops', effect: 'Deny' },
    ],
  });
});

it('finds a member beyond the first page by asking the server, and keeps the picked names', async () => {
  server.respond(
    `${IAM}/organizations/${ORG_ID}/users?page=1&pageSize=100&search=zed`,
    ok(page([{ uuid: 'u-999', userName: 'zed.far' }])),
  );
  const user = userEvent.setup();
  renderAdminRoutes(
    [{ path: '/admin/group/add', element: <GroupFormPage /> }],
    '/admin/group/add?edit=g-1',
    server,
  );

  const form = await screen.findByTestId('admin-group-form');
  const members = within(form).getByLabelText('Members');
  await user.type(members, 'zed');
  await chooseOption(user, members, 'zed.far');
  await user.click(within(form).getByRole('button', { name: 'Submit' }));

  await waitFor(() =>
    expect(server.requests.find((request) => request.method === 'PUT')?.body).toMatchObject({
      userIds: ['u-1', 'u-999'],
    }),
  );
  expect(server.requests.map((request) => request.path)).toContain(
    `${IAM}/organizations/${ORG_ID}/users?page=1&pageSize=100&search=zed`,
  );
  expect(within(form).getByTitle('alice')).toBeTruthy();
});

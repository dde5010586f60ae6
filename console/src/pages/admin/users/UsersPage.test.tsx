import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it } from 'vitest';
import {
  failed,
  IAM,
  ok,
  ORG_ID,
  page,
  renderAdminRoutes,
  requestLines,
} from '../../../../tests/adminTestBed';
import { startLoopbackServer, type LoopbackServer } from '../../../../tests/loopbackServer';
import UsersPage from './UsersPage';

const USERS = `${IAM}/organizations/${ORG_ID}/users`;
const alice = {
  uuid: 'u-1',
  userName: 'alice',
  name: 'Alice',
  email: 'alice@example.com',
  organizations: [{ uuid: ORG_ID, name: 'acme', cnName: 'acme', adminFlag: true }],
  providers: [],
  groupUserBindings: [{ uuid: 'g-1', name: 'devs' }],
  createdAt: '2026-01-01T00:00:00Z',
};

let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackServer();
});
afterEach(() => server.close());

const renderUsers = () =>
  renderAdminRoutes([{ path: '/admin/user', element: <UsersPage /> }], '/admin/user', server);

it('shows "No users" for an empty organization', async () => {
  server.respond(`${USERS}?page=1&pageSize=20`, ok(page([])));
  renderUsers();

  expect(await screen.findByText('No users')).toBeDefined();
});

it('pages on the server and keeps the rows when a search fails', async () => {
  server.respond(`${USERS}?page=1&pageSize=20`, { ...ok({ ...page([alice]), total: 45 }) });
  server.respond(`${USERS}?page=1&pageSize=20&search=bob`, failed(5000, 'index unavailable'));
  const user = userEvent.setup();
  const { feedback } = renderUsers();

  const table = await screen.findByTestId('admin-users-table');
  expect(await within(table).findByText('alice@example.com')).toBeDefined();
  expect(within(table).getByText('devs')).toBeDefined();
  expect(within(table).getByText('YES')).toBeDefined();
  // 45 users at 20 a page.
  expect(screen.getByTitle('3')).toBeDefined();
  expect(screen.queryByTitle('4')).toBeNull();

  await user.type(screen.getByLabelText('Search users'), 'bob{Enter}');

  await waitFor(() => expect(feedback.requestFailed).toHaveBeenCalledTimes(1));
  await waitFor(() => expect(document.querySelector('.ant-spin-spinning')).toBeNull());
  expect(requestLines(server)).toContain(`GET ${USERS}?page=1&pageSize=20&search=bob`);
  expect(within(table).getByText('alice@example.com')).toBeDefined();
});

it('removes a user from the organization only after the exact user name is typed', async () => {
  let removed = false;
  server.respond(`${USERS}?page=1&pageSize=20`, () => ok(page(removed ? [] : [alice])));
  server.respond(`DELETE ${USERS}/u-1`, () => {
    removed = true;
    return ok(null);
  });
  const user = userEvent.setup();
  renderUsers();

  const table = await screen.findByTestId('admin-users-table');
  await user.click(await within(table).findByRole('button', { name: 'Remove' }));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText('Remove alice from the organization')).toBeDefined();
  const confirm = within(dialog).getByRole('button', { name: 'Remove' });
  await user.type(within(dialog).getByTestId('delete-confirm-input'), 'alic');
  expect(confirm).toHaveProperty('disabled', true);
  await user.type(within(dialog).getByTestId('delete-confirm-input'), 'e');
  await user.click(confirm);

  expect(await screen.findByText('No users')).toBeDefined();
  expect(requestLines(server)).toContain(`DELETE ${USERS}/u-1`);
});

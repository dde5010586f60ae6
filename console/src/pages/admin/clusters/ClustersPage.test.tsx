import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { API, ok, ORG_ID, page, renderAdminRoutes } from '../../../../tests/adminTestBed';
import { startLoopbackServer, type LoopbackServer } from '../../../../tests/loopbackServer';
import { providerView } from '../../../../tests/clusterViews';
import ClustersPage from './ClustersPage';

const MANAGE = `${API}/manage.nimbus.io`;
const LIST = `${MANAGE}/organizations/${ORG_ID}/providers?page=1&pageSize=20`;
const memberB = providerView('member-b');

let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackServer();
});
afterEach(() => server.close());

const renderList = () =>
  renderAdminRoutes(
    [{ path: '/admin/cluster/list', element: <ClustersPage /> }],
    '/admin/cluster/list',
    server,
  );

it('deletes a cluster only after its exact name is typed', async () => {
  let deleted = false;
  server.respond(LIST, () => ok(page(deleted ? [] : [memberB])));
  server.respond(`DELETE ${MANAGE}/providers/ProviderKubeconfig/clusters/member-b`, () => {
    deleted = true;
    return ok({ name: 'member-b' });
  });
  const user = userEvent.setup();
  renderList();

  const table = await screen.findByTestId('cluster-list-table');
  expect(await within(table).findByText('member-b')).toBeDefined();
  // The row opens the cluster's detail page.
  expect(within(table).getByRole('link', { name: 'member-b' }).getAttribute('href')).toBe(
    '/admin/cluster/detail/member-b',
  );
  expect(within(table).getByText('Ready')).toBeDefined();
  expect(within(table).getByText('local')).toBeDefined();
  expect(within(table).getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe(
    '/admin/cluster/add?edit=member-b',
  );

  await user.click(within(table).getByRole('button', { name: 'Delete' }));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText('Delete cluster member-b')).toBeDefined();
  const confirm = within(dialog).getByRole('button', { name: 'Delete' });
  await user.type(within(dialog).getByTestId('delete-confirm-input'), 'member-');
  expect(confirm).toHaveProperty('disabled', true);
  await user.click(confirm);
  expect(server.requests.some((request) => request.method === 'DELETE')).toBe(false);

  await user.type(within(dialog).getByTestId('delete-confirm-input'), 'b');
  await user.click(confirm);

  expect(await screen.findByText('No clusters registered yet')).toBeDefined();
  expect(screen.getByRole('link', { name: 'Add cluster' }).getAttribute('href')).toBe(
    '/admin/cluster/add',
  );
  const deletion = server.requests.find((request) => request.method === 'DELETE');
  expect(deletion?.body).toEqual({ organizationId: ORG_ID });
});

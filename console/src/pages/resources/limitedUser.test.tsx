import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { API, ok, renderAdminRoutes, signInWithAccess, USER_ID } from '../../../tests/adminTestBed';
import { startLoopbackServer, type LoopbackServer } from '../../../tests/loopbackServer';
import ResourceDetailPage from './ResourceDetailPage';
import ResourceListPage from './ResourceListPage';

// A user with a narrow role is offered what her rights allow, from the catalogue rules the
// server enforces: a list she may not read says so instead of "No records", and Create, the
// batch operations and Edit YAML appear only with their permissions.

const CRD = `${API}/crd.nimbus.io`;

let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackServer();
  server.respond(`${API}/manage.nimbus.io/users/${USER_ID}/collections`, ok({ items: [] }));
  server.respond(`${CRD}/configmaps?pageSize=20`, ok({ items: [] }));
  server.respond(`${CRD}/deployments?pageSize=20`, ok({ items: [] }));
});
afterEach(() => server.close());

/** Opens `path` signed in as a plain user holding `permissions` on cluster prod. */
async function openAs(path: string, permissions: string[]) {
  const rendered = renderAdminRoutes(
    [
      { path: '/list/:type', element: <ResourceListPage /> },
      { path: '/detail/:type/:name', element: <ResourceDetailPage /> },
    ],
    path,
    server,
  );
  signInWithAccess(rendered, server, 'user', [{ cluster: 'prod', effect: 'Allow', permissions }]);
  await waitFor(() =>
    expect(server.requests.some((r) => r.path === `${API}/iam.nimbus.io/users/admin`)).toBe(true),
  );
  return rendered;
}

it('says "not allowed" and which permission, not "No records", for a kind she may not list', async () => {
  await openAs('/list/ConfigMap', ['secret:list', 'configmap:create']);
  const refusal = await screen.findByTestId('not-allowed');
  expect(within(refusal).getByText('Not allowed')).toBeDefined();
  expect(
    within(refusal).getByText(
      'Your role does not grant configmap:list here. Ask an administrator of the organization for it.',
    ),
  ).toBeDefined();
  expect(screen.queryByTestId('resource-table')).toBeNull();
  expect(screen.queryByText('No Config maps found')).toBeNull();
});

it('offers Create only with the create permission', async () => {
  const { unmount } = await openAs('/list/ConfigMap', ['configmap:list']);
  expect(await screen.findByText('No Config maps found')).toBeDefined();
  // Shown while her rights are not known yet (the server decides), gone once they are.
  await waitFor(() => expect(screen.queryByTestId('resource-list-create')).toBeNull());
  unmount();

  await openAs('/list/ConfigMap', ['configmap:list', 'configmap:create']);
  expect(await screen.findByTestId('resource-list-create')).toBeDefined();
});

it('offers the batch operations she may run, and no batch tab without any', async () => {
  const user = userEvent.setup();
  const { unmount } = await openAs('/list/Deployment', ['application:list']);
  expect(await screen.findByTestId('resource-table')).toBeDefined();
  await waitFor(() => expect(screen.queryByRole('tab', { name: 'Batch operation' })).toBeNull());
  unmount();

  await openAs('/list/Deployment', ['application:list', 'application:delete']);
  await user.click(await screen.findByRole('tab', { name: 'Batch operation' }));
  const operations = await screen.findByRole('radiogroup', { name: 'Operation' });
  expect(
    within(operations)
      .getAllByRole('radio')
      .map((radio) => radio.closest('label')?.textContent),
  ).toEqual(['Delete']);
});

it('offers Edit YAML only where she may edit the kind on its cluster', async () => {
  server.respond(
    `${CRD}/vendors/aws/regions/eu/clusters/prod/resources/configmaps/app?namespace=shop`,
    ok({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'app', namespace: 'shop' } }),
  );
  const detail = '/detail/ConfigMap/app?vendor=aws&region=eu&cluster=prod&namespace=shop';
  const { unmount } = await openAs(detail, ['configmap:list']);
  expect(await screen.findByTestId('resource-action-collect')).toBeDefined();
  await waitFor(() => expect(screen.queryByTestId('resource-action-editYaml')).toBeNull());
  unmount();

  await openAs(detail, ['configmap:list', 'configmap:update']);
  expect(await screen.findByTestId('resource-action-editYaml')).toBeDefined();
});

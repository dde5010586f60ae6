import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it } from 'vitest';
import {
  API,
  failed,
  ok,
  renderAdminRoutes,
  signInWithAccess,
  USER_ID,
} from '../../../tests/adminTestBed';
import { startLoopbackServer, type LoopbackServer } from '../../../tests/loopbackServer';
import type { DerivedRole } from '../../appState/deriveRole';
import ResourceDetailPage from './ResourceDetailPage';
import ResourceListPage from './ResourceListPage';

// Deleting from the generic screens: one object from its detail page behind its name, several
// from a list behind their count, each as the caller; what the caller may not delete is not offered.

const CRD = `${API}/crd.nimbus.io`;
const K8S = `${API}/k8s.nimbus.io`;
const place = (cluster: string) => ({ vendor: 'aws', region: 'eu', cluster });
const at = (cluster: string) => `vendors/aws/regions/eu/clusters/${cluster}`;
const QUERY = '?vendor=aws&region=eu&cluster=prod&namespace=shop';

const configMap = (name: string, cluster = 'prod') => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name, namespace: 'shop', uid: `${cluster}-${name}-uid` },
  data: {},
  ...place(cluster),
});

let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackServer();
  server.respond(`${API}/manage.nimbus.io/users/${USER_ID}/collections`, ok({ items: [] }));
});
afterEach(() => server.close());

const render = (path: string) =>
  renderAdminRoutes(
    [
      { path: '/list/:type', element: <ResourceListPage /> },
      { path: '/detail/:type/:name', element: <ResourceDetailPage /> },
    ],
    path,
    server,
  );

/** Signs the viewer in as `role` holding `permissions` on cluster prod (and nothing on test). */
const signIn = (rendered: ReturnType<typeof render>, role: DerivedRole, permissions: string[]) =>
  signInWithAccess(rendered, server, role, [
    { cluster: 'prod', effect: 'Allow', permissions },
    { cluster: 'test', effect: 'Allow', permissions: ['configmap:list'] },
  ]);

const deletes = () => server.requests.filter((request) => request.method === 'DELETE');

it.each([
  ['Service', 'services', 'service:delete', `${at('prod')}/namespaces/shop/services/web`],
  ['Pod', 'pods', 'application:restart', `${at('prod')}/namespaces/shop/pods/web`],
  ['StorageClass', 'storageclasses', 'storageclass:delete', `${at('prod')}/storageclasses/web`],
])(
  'deletes a %s from its detail page after its name is typed, then opens the list',
  async (kind, plural, permission, path) => {
    const namespaced = kind !== 'StorageClass';
    const query = namespaced ? QUERY : '?vendor=aws&region=eu&cluster=prod';
    server.respond(
      `${CRD}/${at('prod')}/resources/${plural}/web${namespaced ? '?namespace=shop' : ''}`,
      ok({
        apiVersion: 'v1',
        kind,
        metadata: { name: 'web', ...(namespaced ? { namespace: 'shop' } : {}) },
      }),
    );
    server.respond(`DELETE ${K8S}/${path}`, ok({ kind, metadata: { name: 'web' } }));
    server.respond(`${CRD}/${plural}?pageSize=20`, ok({ items: [] }));
    const user = userEvent.setup();
    const rendered = render(`/detail/${kind}/web${query}`);
    signIn(rendered, 'user', [permission]);

    await user.click(await screen.findByTestId('resource-action-delete'));
    const dialog = await screen.findByRole('dialog', { name: 'Delete web' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete' });
    await user.type(within(dialog).getByTestId('delete-confirm-input'), 'we');
    expect(confirm).toHaveProperty('disabled', true);
    await user.type(within(dialog).getByTestId('delete-confirm-input'), 'b');
    await user.click(confirm);

    await waitFor(() => expect(rendered.router.state.location.pathname).toBe(`/list/${kind}`));
    expect(deletes().map((request) => request.path)).toEqual([`${K8S}/${path}`]);
  },
);

it("offers no Delete on the detail page without the kind's delete permission", async () => {
  server.respond(
    `${CRD}/${at('prod')}/resources/services/web?namespace=shop`,
    ok({ kind: 'Service', metadata: { name: 'web', namespace: 'shop' } }),
  );
  const rendered = render(`/detail/Service/web${QUERY}`);
  signIn(rendered, 'user', ['service:list', 'service:update', 'configmap:delete']);
  await waitFor(() =>
    expect(server.requests.some((r) => r.path === `${API}/iam.nimbus.io/users/admin`)).toBe(true),
  );
  expect(await screen.findByTestId('resource-actions')).toBeDefined();
  await waitFor(() => expect(screen.queryByTestId('resource-action-delete')).toBeNull());
});

it('deletes the selected rows one after another after their count is typed', async () => {
  const cm = (name: string) => `${K8S}/${at('prod')}/namespaces/shop/configmaps/${name}`;
  // The index drops what was deleted: a re-read while the batch runs lists less.
  const listed = [configMap('a'), configMap('b'), configMap('c'), configMap('d', 'test')];
  server.respond(`${CRD}/configmaps?pageSize=20`, () =>
    ok({
      items: listed.filter(
        ({ metadata }) =>
          metadata.name === 'b' || !deletes().some((request) => request.path === cm(metadata.name)),
      ),
    }),
  );
  server.respond(`DELETE ${cm('a')}`, ok({ metadata: { name: 'a' }, keys: [] }));
  server.respond(`DELETE ${cm('b')}`, failed(9997, 'configmaps "b" is forbidden'));
  server.respond(`DELETE ${cm('c')}`, ok({ metadata: { name: 'c' }, keys: [] }));
  const user = userEvent.setup();
  const rendered = render('/list/ConfigMap');
  signIn(rendered, 'user', ['configmap:list', 'configmap:delete']);

  const table = await screen.findByTestId('resource-table');
  // The row on cluster test, where the caller may not delete, cannot be chosen.
  await waitFor(() =>
    expect(within(table).getByRole('checkbox', { name: 'Select d' })).toHaveProperty(
      'disabled',
      true,
    ),
  );
  expect(screen.queryByTestId('resource-delete-selected')).toBeNull();
  for (const name of ['a', 'b', 'c']) {
    await user.click(within(table).getByRole('checkbox', { name: `Select ${name}` }));
  }
  await user.click(screen.getByRole('button', { name: 'Delete selected (3)' }));

  const dialog = await screen.findByRole('dialog', { name: 'Delete selected objects' });
  expect(within(dialog).getByText('Type 3 to confirm')).toBeDefined();
  const confirm = within(dialog).getByRole('button', { name: 'Delete' });
  await user.type(within(dialog).getByTestId('delete-confirm-input'), 'c');
  expect(confirm).toHaveProperty('disabled', true);
  await user.clear(within(dialog).getByTestId('delete-confirm-input'));
  await user.type(within(dialog).getByTestId('delete-confirm-input'), '3');
  const listReads = () =>
    server.requests.filter((request) => request.path === `${CRD}/configmaps?pageSize=20`).length;
  const readsBefore = listReads();
  await user.click(confirm);

  await waitFor(() => expect(within(dialog).getByTestId('batch-delete-failed')).toBeDefined());
  // The list re-read once the batch ended; the dialog still shows what it deleted.
  await waitFor(() => expect(listReads()).toBe(readsBefore + 1));
  await waitFor(() => expect(within(table).queryByRole('link', { name: 'a' })).toBeNull());
  expect(within(dialog).getByTestId('batch-delete-failed').textContent).toBe(
    '1 of 3 could not be deleted; they stay selected.',
  );
  // In turn, in the list's order; the refusal did not stop the rest.
  expect(deletes().map((request) => request.path)).toEqual([cm('a'), cm('b'), cm('c')]);
  expect(within(dialog).getAllByTestId('outcome-done')).toHaveLength(2);
  expect(within(dialog).getAllByTestId('outcome-failed')).toHaveLength(1);

  await user.click(within(dialog).getByRole('button', { name: 'Close' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  // What was deleted left the list; the failure stays, still selected.
  await waitFor(() => expect(within(table).queryByRole('link', { name: 'a' })).toBeNull());
  expect(within(table).queryByRole('link', { name: 'c' })).toBeNull();
  expect(within(table).getByRole('link', { name: 'b' })).toBeDefined();
  expect(screen.getByRole('button', { name: 'Delete selected (1)' })).toBeDefined();
});

it('asks for the name when one row is selected', async () => {
  server.respond(
    `${CRD}/persistentvolumes?pageSize=20`,
    ok({
      items: [
        { kind: 'PersistentVolume', metadata: { name: 'pv-1', uid: 'pv-1' }, ...place('prod') },
      ],
    }),
  );
  const pv = `${K8S}/${at('prod')}/persistentvolumes/pv-1`;
  server.respond(`DELETE ${pv}`, ok({ metadata: { name: 'pv-1' } }));
  const user = userEvent.setup();
  const rendered = render('/list/PersistentVolume');
  signIn(rendered, 'user', ['persistentvolume:list', 'persistentvolume:delete']);

  const table = await screen.findByTestId('resource-table');
  await user.click(await within(table).findByRole('checkbox', { name: 'Select pv-1' }));
  await user.click(screen.getByRole('button', { name: 'Delete selected (1)' }));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText('Type pv-1 to confirm')).toBeDefined();
  await user.type(within(dialog).getByTestId('delete-confirm-input'), 'pv-1{Enter}');
  await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Close' })).toBeDefined());
  expect(deletes().map((request) => request.path)).toEqual([pv]);
});

it('offers no selection where the caller may delete on no listed cluster', async () => {
  server.respond(`${CRD}/configmaps?pageSize=20`, ok({ items: [configMap('a')] }));
  const rendered = render('/list/ConfigMap');
  signIn(rendered, 'user', ['configmap:list', 'secret:delete']);
  const table = await screen.findByTestId('resource-table');
  await within(table).findByRole('link', { name: 'a' });
  await waitFor(() =>
    expect(server.requests.some((r) => r.path === `${API}/iam.nimbus.io/users/admin`)).toBe(true),
  );
  await waitFor(() => expect(within(table).queryByRole('checkbox')).toBeNull());
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { API, ok, renderAdminRoutes, signInWithAccess, USER_ID } from '../../../tests/adminTestBed';
import { startLoopbackServer, type LoopbackServer } from '../../../tests/loopbackServer';
import ResourceDetailPage from '../resources/ResourceDetailPage';
import { secretValuesChange } from './secretValues';

const AT = 'vendors/aws/regions/eu/clusters/prod';
const SECRET = `${API}/k8s.nimbus.io/${AT}/namespaces/shop/secrets/db`;
const QUERY = '?vendor=aws&region=eu&cluster=prod&namespace=shop';

let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackServer();
  server.respond(`${API}/manage.nimbus.io/users/${USER_ID}/collections`, ok({ items: [] }));
  server.respond(
    `${API}/crd.nimbus.io/${AT}/resources/secrets/db?namespace=shop`,
    ok({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 'db', namespace: 'shop' } }),
  );
  server.respond(
    SECRET,
    ok({ metadata: { name: 'db' }, type: 'Opaque', keys: ['password', 'token'] }),
  );
  server.respond(
    `PATCH ${SECRET}/values`,
    ok({ metadata: { name: 'db' }, keys: ['api-key', 'password'] }),
  );
});
afterEach(() => server.close());

function openSecret(permissions: string[]) {
  const rendered = renderAdminRoutes(
    [{ path: '/detail/:type/:name', element: <ResourceDetailPage /> }],
    `/detail/Secret/db${QUERY}`,
    server,
  );
  signInWithAccess(rendered, server, 'user', [{ cluster: 'prod', effect: 'Allow', permissions }]);
  return rendered;
}

const patches = () => server.requests.filter((request) => request.method === 'PATCH');

it('replaces one value, removes a key and adds one, sending only those', async () => {
  const user = userEvent.setup();
  openSecret(['secret:list', 'secret:update']);
  await user.click(await screen.findByTestId('resource-action-edit-values'));
  const dialog = await screen.findByRole('dialog', { name: 'Change values' });

  // The keys are listed; no value is ever shown or asked for.
  const rows = await within(dialog).findAllByTestId('secret-value-row');
  expect(rows.map((row) => row.querySelector('label')?.textContent)).toEqual(['password', 'token']);
  await user.type(within(dialog).getByLabelText('password'), 'n3w-pa55');
  await user.click(within(dialog).getByRole('checkbox', { name: 'Remove token' }));
  await user.click(within(dialog).getByRole('button', { name: /Add key/ }));
  await user.type(within(dialog).getByLabelText('Key'), 'api-key');
  await user.type(within(dialog).getByLabelText('Value'), 'k-1');
  await user.click(within(dialog).getByTestId('secret-values-save'));

  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Change values' })).toBeNull());
  expect(patches().map((request) => request.body)).toEqual([
    { set: { password: 'n3w-pa55', 'api-key': 'k-1' }, remove: ['token'] },
  ]);
});

it('asks for a change before sending anything, and refuses an added key that exists', async () => {
  const user = userEvent.setup();
  openSecret(['secret:list', 'secret:update']);
  await user.click(await screen.findByTestId('resource-action-edit-values'));
  const dialog = await screen.findByRole('dialog', { name: 'Change values' });
  await within(dialog).findAllByTestId('secret-value-row');

  await user.click(within(dialog).getByTestId('secret-values-save'));
  expect(await within(dialog).findByTestId('secret-values-nothing')).toBeDefined();
  await user.click(within(dialog).getByRole('button', { name: /Add key/ }));
  await user.type(within(dialog).getByLabelText('Key'), 'token');
  await user.type(within(dialog).getByLabelText('Value'), 'x');
  await user.click(within(dialog).getByTestId('secret-values-save'));
  expect(await within(dialog).findByText('This key already exists')).toBeDefined();
  expect(patches()).toEqual([]);
});

it('is not offered without secret:update on the cluster', async () => {
  openSecret(['secret:list']);
  expect(await screen.findByTestId('resource-action-collect')).toBeDefined();
  await waitFor(() => expect(screen.queryByTestId('resource-action-edit-values')).toBeNull());
});

it('builds the change from the form: new values, removals and added keys only', () => {
  expect(
    secretValuesChange({
      existing: [{ key: 'a' }, { key: 'b', value: '' }, { key: 'c', value: 'x', remove: true }],
      added: [{ key: ' d ', value: 'y' }, { key: '' }],
    }),
  ).toEqual({ set: { d: 'y' }, remove: ['c'] });
  expect(secretValuesChange({ existing: [{ key: 'a' }], added: [] })).toBeUndefined();
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { API, ok, renderAdminRoutes, USER_ID } from '../../../tests/adminTestBed';
import { startLoopbackServer, type LoopbackServer } from '../../../tests/loopbackServer';
import ResourceDetailPage from './ResourceDetailPage';

const AT = `${API}/crd.nimbus.io/vendors/aws/regions/eu/clusters/prod`;
const POD = `${AT}/resources/pods/web-1?namespace=shop`;
const COLLECTIONS = `${API}/manage.nimbus.io/users/${USER_ID}/collections`;
const QUERY = '?vendor=aws&region=eu&cluster=prod&namespace=shop';
const LAST_APPLIED = 'kubectl.kubernetes.io/last-applied-configuration';

const podObject = {
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: {
    name: 'web-1',
    namespace: 'shop',
    uid: 'pod-uid-1',
    creationTimestamp: '2026-03-01T00:00:00Z',
    labels: { app: 'web' },
    annotations: {
      [LAST_APPLIED]: '{"apiVersion":"v1","kind":"Pod","secret":"hidden-text"}',
      'example.com/config': '{"replicas":2,"tier":"front"}',
      note: 'plain text',
    },
  },
  spec: { containers: [{ name: 'web', image: 'nginx' }] },
};

let server: LoopbackServer;
let favourites: unknown[];
beforeEach(async () => {
  server = await startLoopbackServer();
  favourites = [];
  server.respond(POD, ok(podObject));
  server.respond(COLLECTIONS, () => ok({ items: favourites }));
});
afterEach(() => server.close());

const renderDetail = (path: string) =>
  renderAdminRoutes(
    [{ path: '/detail/:type/:name', element: <ResourceDetailPage /> }],
    path,
    server,
  );

const lastRequest = (method: string) =>
  server.requests.filter((request) => request.method === method).at(-1);

it('shows metadata, labels and annotations without last-applied, JSON formatted, and YAML', async () => {
  renderDetail(`/detail/Pod/web-1${QUERY}`);

  const labels = await screen.findByTestId('resource-labels-list');
  expect(within(labels).getByText('app')).toBeDefined();
  expect(within(labels).getByText('web')).toBeDefined();
  const annotations = screen.getByTestId('resource-annotations-list');
  const keys = within(annotations)
    .getAllByTestId('resource-annotations-list-entry')
    .map((entry) => entry.querySelector('.ant-tag')?.textContent);
  expect(keys).toEqual(['example.com/config', 'note']);
  expect(annotations.querySelector('pre')?.textContent).toBe(
    '{\n  "replicas": 2,\n  "tier": "front"\n}',
  );
  expect(screen.queryByText(/hidden-text/)).toBeNull();
  expect(within(screen.getByTestId('resource-metadata')).getByText('pod-uid-1')).toBeDefined();
  expect(screen.getByTestId('resource-yaml').textContent).toContain(
    'kind: Pod\nmetadata:\n  name: web-1',
  );
});

it('accepts the older plural type of history records and favourites', async () => {
  renderDetail(`/detail/pods/web-1${QUERY}`);
  expect(await screen.findByTestId('resource-labels-list')).toBeDefined();
  expect(server.requests.map((request) => request.path)).toContain(POD);
});

it('collects and cancels the collection, each after confirming', async () => {
  server.respond(`POST ${COLLECTIONS}`, (request) => {
    favourites = [{ id: 'fav-1', ...(request.body as object) }];
    return ok(favourites[0]);
  });
  server.respond(`DELETE ${COLLECTIONS}`, () => {
    favourites = [];
    return ok({ id: 'fav-1' });
  });
  const user = userEvent.setup();
  renderDetail(`/detail/Pod/web-1${QUERY}`);

  await user.click(await screen.findByRole('button', { name: 'Collect' }));
  expect(await screen.findByText('Add web-1 to My Collections?')).toBeDefined();
  expect(lastRequest('POST')).toBeUndefined();
  await user.click(screen.getByRole('button', { name: 'Confirm' }));
  await waitFor(() =>
    expect(lastRequest('POST')?.body).toEqual({
      type: 'Pod',
      name: 'web-1',
      vendor: 'aws',
      region: 'eu',
      cluster: 'prod',
      namespace: 'shop',
    }),
  );

  await user.click(await screen.findByRole('button', { name: 'Cancel collect' }));
  expect(await screen.findByText('Remove web-1 from My Collections?')).toBeDefined();
  await user.click(screen.getByRole('button', { name: 'Confirm' }));
  await waitFor(() => expect(lastRequest('DELETE')?.body).toEqual({ id: 'fav-1' }));
  expect(await screen.findByRole('button', { name: 'Collect' })).toBeDefined();
});

it('closes the collect dialog on cancel without sending anything', async () => {
  const user = userEvent.setup();
  renderDetail(`/detail/Pod/web-1${QUERY}`);
  await user.click(await screen.findByRole('button', { name: 'Collect' }));
  await user.click(await screen.findByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByText('Add web-1 to My Collections?')).toBeNull());
  expect(lastRequest('POST')).toBeUndefined();
});

it('requires key and value on blur and saves the whole label map with the plural type', async () => {
  server.respond(`PUT ${AT}/resources/labels`, ok(podObject));
  const user = userEvent.setup();
  renderDetail(`/detail/Pod/web-1${QUERY}`);

  await user.click(await screen.findByRole('button', { name: 'Edit labels' }));
  const value = await screen.findByLabelText('Value 1');
  await user.clear(value);
  await user.tab();
  expect(await screen.findByText('Please enter a value')).toBeDefined();
  await user.type(value, 'shop-web');

  await user.click(screen.getByRole('button', { name: 'Add' }));
  await user.click(screen.getByLabelText('Key 2'));
  await user.tab();
  expect(await screen.findByText('Please enter a key')).toBeDefined();
  await user.type(screen.getByLabelText('Key 2'), 'tier');
  await user.type(screen.getByLabelText('Value 2'), 'front');
  await user.click(screen.getByRole('button', { name: 'Save' }));

  await waitFor(() =>
    expect(lastRequest('PUT')?.body).toEqual({
      vendor: 'aws',
      region: 'eu',
      cluster: 'prod',
      name: 'web-1',
      namespace: 'shop',
      type: 'pods',
      labels: { app: 'shop-web', tier: 'front' },
    }),
  );
});

it('does not save while an entry is incomplete', async () => {
  const user = userEvent.setup();
  renderDetail(`/detail/Pod/web-1${QUERY}`);
  await user.click(await screen.findByRole('button', { name: 'Edit annotations' }));
  await user.click(await screen.findByRole('button', { name: 'Add' }));
  await user.type(screen.getByLabelText('Key 3'), 'empty-value');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Please enter a value')).toBeDefined();
  expect(lastRequest('PUT')).toBeUndefined();
});

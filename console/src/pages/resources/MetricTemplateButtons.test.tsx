import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { API, ok, renderAdminRoutes, USER_ID } from '../../../tests/adminTestBed';
import { startLoopbackServer, type LoopbackServer } from '../../../tests/loopbackServer';
import ResourceDetailPage from './ResourceDetailPage';

// The metric-template buttons in a workload's annotation editor.
const AT = `${API}/crd.nimbus.io/vendors/aws/regions/eu/clusters/prod`;
const QUERY = '?vendor=aws&region=eu&cluster=prod&namespace=shop';
const metadata = { namespace: 'shop', uid: 'uid-1', annotations: { note: 'plain' } };
const pod = {
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { ...metadata, name: 'web-1' },
  spec: { containers: [{ name: 'web', image: 'nginx' }] },
};
const configMap = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { ...metadata, name: 'cfg' } };

let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackServer();
  server.respond(`${AT}/resources/pods/web-1?namespace=shop`, ok(pod));
  server.respond(`${AT}/resources/configmaps/cfg?namespace=shop`, ok(configMap));
  server.respond(`${API}/manage.nimbus.io/users/${USER_ID}/collections`, ok({ items: [] }));
  server.respond(`PUT ${AT}/resources/annotations`, ok(pod));
});
afterEach(() => server.close());

const renderDetail = (path: string) =>
  renderAdminRoutes(
    [{ path: '/detail/:type/:name', element: <ResourceDetailPage /> }],
    path,
    server,
  );

// The kind without templates first: its page also loads the shared sections' module.
it('offers no templates on a kind that is not a workload', async () => {
  const user = userEvent.setup();
  renderDetail(`/detail/ConfigMap/cfg${QUERY}`);
  await user.click(await screen.findByRole('button', { name: 'Edit annotations' }));
  await screen.findByRole('button', { name: 'Add' });
  expect(screen.queryByRole('button', { name: 'Black-box probe set' })).toBeNull();
});

it('fills in both template sets and saves them with the existing annotations', async () => {
  const user = userEvent.setup();
  renderDetail(`/detail/Pod/web-1${QUERY}`);
  await user.click(await screen.findByRole('button', { name: 'Edit annotations' }));
  await user.click(await screen.findByRole('button', { name: 'Black-box probe set' }));
  await user.click(screen.getByRole('button', { name: 'White-box metric set' }));
  await user.click(screen.getByRole('button', { name: 'Save' }));

  await waitFor(() =>
    expect(server.requests.find((r) => r.method === 'PUT')?.body).toMatchObject({
      type: 'pods',
      annotations: {
        note: 'plain',
        'prometheus.io/http-probe': 'true',
        'prometheus.io/http-metric': 'true',
        'prometheus.io/scheme': 'http',
        'prometheus.io/port': '8080',
        'prometheus.io/path': '/metrics',
      },
    }),
  );
});

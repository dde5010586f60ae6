import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { API, ok, renderAdminRoutes, USER_ID } from '../../../tests/adminTestBed';
import { startLoopbackServer, type LoopbackServer } from '../../../tests/loopbackServer';
import ResourceDetailPage from '../resources/ResourceDetailPage';

const CRD = `${API}/crd.nimbus.io/vendors/aws/regions/eu/clusters/prod`;
const PUT = `PUT ${API}/k8s.nimbus.io/namespaces/shop/configmaps/app-config`;
const configMap = {
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: {
    name: 'app-config',
    namespace: 'shop',
    labels: { team: 'shop' },
    annotations: { 'nimbus.io/mount-path': '/etc/app', owner: 'ops' },
  },
  data: { 'app.yaml': 'port: 8080' },
};

let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackServer();
  server.respond(`${CRD}/resources/configmaps/app-config?namespace=shop`, ok(configMap));
  server.respond(`${API}/manage.nimbus.io/users/${USER_ID}/collections`, ok({ items: [] }));
  server.respond(PUT, ok(configMap));
});
afterEach(() => server.close());

it("edits a config map's files and mount settings, keeping its labels and other annotations", async () => {
  const user = userEvent.setup();
  renderAdminRoutes(
    [{ path: '/detail/:type/:name', element: <ResourceDetailPage /> }],
    '/detail/ConfigMap/app-config?vendor=aws&region=eu&cluster=prod&namespace=shop',
    server,
  );
  await user.click(await screen.findByRole('button', { name: 'Edit data' }));
  const content = await screen.findByLabelText('Content');
  expect((content as HTMLTextAreaElement).value).toBe('port: 8080');
  expect((screen.getByLabelText('Mount path') as HTMLInputElement).value).toBe('/etc/app');
  await user.clear(content);
  await user.type(content, 'port: 9090');
  await user.click(screen.getByRole('button', { name: /Add item/ }));
  await user.type(screen.getAllByLabelText('File name')[1] as HTMLElement, 'app.yaml');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('File names must not repeat')).toBeDefined();
  await user.clear(screen.getAllByLabelText('File name')[1] as HTMLElement);
  await user.type(screen.getAllByLabelText('File name')[1] as HTMLElement, 'extra.txt');
  await user.click(screen.getByRole('button', { name: 'Save' }));

  await waitFor(() =>
    expect(server.requests.filter((request) => request.method === 'PUT')).toHaveLength(1),
  );
  expect(server.requests.find((request) => request.method === 'PUT')?.body).toEqual({
    vendor: 'aws',
    region: 'eu',
    cluster: 'prod',
    metadata: {
      name: 'app-config',
      labels: { team: 'shop' },
      annotations: {
        owner: 'ops',
        'nimbus.io/mount-path': '/etc/app',
        'nimbus.io/mount-overlay': 'false',
      },
    },
    data: { 'app.yaml': 'port: 9090', 'extra.txt': '' },
  });
});

import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { API, ok, renderAdminRoutes, USER_ID } from '../../../tests/adminTestBed';
import { startLoopbackServer, type LoopbackServer } from '../../../tests/loopbackServer';
import ResourceDetailPage from '../resources/ResourceDetailPage';

const AT = `${API}/crd.nimbus.io/vendors/aws/regions/eu/clusters/prod`;
const QUERY = '?vendor=aws&region=eu&cluster=prod&namespace=shop';

const pod = {
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'web-1', namespace: 'shop', uid: 'u1' },
  spec: {
    initContainers: [{ name: 'migrate', image: 'tools:1' }],
    containers: [
      { name: 'web', image: 'nginx:1.27' },
      { name: 'sidecar', image: 'envoy:1' },
    ],
  },
  status: {
    initContainerStatuses: [
      {
        name: 'migrate',
        ready: false,
        restartCount: 0,
        state: { terminated: { reason: 'Completed' } },
      },
    ],
    containerStatuses: [
      { name: 'web', ready: true, restartCount: 2, state: { running: {} } },
      {
        name: 'sidecar',
        ready: false,
        restartCount: 7,
        state: { waiting: { reason: 'CrashLoopBackOff' } },
      },
    ],
  },
};

let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackServer();
  server.respond(`${AT}/resources/pods/web-1?namespace=shop`, ok(pod));
  server.respond(`${API}/manage.nimbus.io/users/${USER_ID}/collections`, ok({ items: [] }));
});
afterEach(() => server.close());

it("lists a pod's containers with their state, and links each to its logs and shell", async () => {
  renderAdminRoutes(
    [{ path: '/detail/:type/:name', element: <ResourceDetailPage /> }],
    `/detail/Pod/web-1${QUERY}`,
    server,
  );
  const section = await screen.findByTestId('pod-containers');
  const rows = within(section).getAllByRole('row').slice(1);
  expect(rows.map((row) => row.querySelector('td')?.textContent)).toEqual([
    'migrateinit',
    'web',
    'sidecar',
  ]);
  expect(within(rows[1] as HTMLElement).getByText('Running')).toBeDefined();
  expect(within(rows[2] as HTMLElement).getByText('Waiting')).toBeDefined();
  expect(within(rows[2] as HTMLElement).getByText('7')).toBeDefined();

  const target = 'vendor=aws&region=eu&cluster=prod&namespace=shop';
  expect(screen.getByTestId('container-logs-web').getAttribute('href')).toBe(
    `/logs/web-1/web?${target}`,
  );
  expect(screen.getByTestId('container-shell-web').getAttribute('href')).toBe(
    `/shell/web-1/web?${target}`,
  );
  expect(screen.getByTestId('container-logs-migrate').getAttribute('href')).toBe(
    `/logs/web-1/migrate?${target}`,
  );
  // No shell into an init container or one that is not running; its log is still there.
  expect(screen.queryByTestId('container-shell-migrate')).toBeNull();
  expect(screen.getByTestId('container-shell-sidecar').getAttribute('href')).toBeNull();
  expect(screen.getByTestId('container-logs-sidecar').getAttribute('href')).toContain('/logs/');
});

import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { API, failed, ok, renderAdminRoutes } from '../../../tests/adminTestBed';
import { startLoopbackServer, type LoopbackServer } from '../../../tests/loopbackServer';
import ResourceDetailPage from '../resources/ResourceDetailPage';

const AT = 'vendors/aws/regions/eu/clusters/prod';
const POD = `${API}/crd.nimbus.io/${AT}/resources/pods/web-1?namespace=shop`;
const METRICS = `${API}/monitor.nimbus.io/${AT}/namespaces/shop/pods/web-1/metrics?range=1h`;
const QUERY = '?vendor=aws&region=eu&cluster=prod&namespace=shop';

const podObject = {
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'web-1', namespace: 'shop', uid: 'pod-uid-1' },
  spec: { containers: [{ name: 'web', image: 'nginx' }] },
};

let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackServer();
  server.respond(POD, ok(podObject));
  server.respond(`${API}/manage.nimbus.io/users/user-uid-1/collections`, ok({ items: [] }));
});
afterEach(() => server.close());

const renderPod = () =>
  renderAdminRoutes(
    [{ path: '/detail/:type/:name', element: <ResourceDetailPage /> }],
    `/detail/Pod/web-1${QUERY}`,
    server,
  );

it("draws the pod's series, a line per container", async () => {
  const now = 1_780_000_000;
  server.respond(
    METRICS,
    ok({
      range: { start: now - 3600, end: now, step: 60 },
      series: [
        {
          metric: 'pod_memory_usage',
          labels: { container: 'web' },
          points: [
            [now - 60, 1024],
            [now, 2048],
          ],
        },
      ],
      truncated: false,
    }),
  );
  renderPod();
  const section = await screen.findByTestId('pod-metrics');
  const memory = await within(section).findByTestId('metric-chart-podMemory');
  expect(memory.dataset.points).toBe('2');
  expect(within(section).queryByTestId('metrics-failure')).toBeNull();
});

it('says in the section why a cluster without Prometheus has no metrics, with no notification', async () => {
  server.respond(METRICS, failed(1004, 'No pod shop/web-1 monitoring data'));
  const { feedback } = renderPod();
  const failure = await screen.findByTestId('metrics-failure');
  expect(screen.getByTestId('pod-metrics').contains(failure)).toBe(true);
  expect(failure.textContent).toContain('No pod shop/web-1 monitoring data');
  expect(feedback.requestFailed).not.toHaveBeenCalled();
  // The page's own actions stay reachable.
  expect(screen.getByRole('button', { name: 'Collect' })).toBeDefined();
});

it('shows a refusal of the cluster in the section, not as a message over the page', async () => {
  server.respond(
    METRICS,
    failed(9997, 'Cluster prod is not bound by current user or already forbidden'),
  );
  const { feedback } = renderPod();
  const section = await screen.findByTestId('pod-metrics');
  const refused = await within(section).findByTestId('not-allowed');
  expect(refused.textContent).toContain('Cluster prod is not bound by current user');
  expect(feedback.noPermission).not.toHaveBeenCalled();
  expect(feedback.requestFailed).not.toHaveBeenCalled();
});

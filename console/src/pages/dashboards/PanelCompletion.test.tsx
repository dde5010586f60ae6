import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { API, failed, ok, ORG_ID, renderAdminRoutes } from '../../../tests/adminTestBed';
import { startLoopbackServer, type LoopbackServer } from '../../../tests/loopbackServer';
import { emptyDashboard as dashboard } from './dashboardFixture';
import PanelConfigPage from './PanelConfigPage';

// The panel editor's completion comes from the dashboard's cluster through value/metrics.
const MONITOR = `${API}/monitor.nimbus.io`;
const VALUES = `${MONITOR}/vendors/ProviderKubeconfig/regions/local/clusters/alpha/value/metrics`;

let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackServer();
  server.respond(`${MONITOR}/organizations/${ORG_ID}/dashboards/nodes`, ok(dashboard));
});
afterEach(() => server.close());

const open = () =>
  renderAdminRoutes(
    [{ path: '/dashboard/:dashboard/config', element: <PanelConfigPage /> }],
    '/dashboard/nodes/config',
    server,
  );

it("offers the cluster's metric names and the chosen metric's label names in the builder", async () => {
  const user = userEvent.setup();
  server.respond(
    `${VALUES}?label=__name__`,
    ok({ values: ['kube_pod_info', 'node_load1'], truncated: false }),
  );
  server.respond(
    `${VALUES}?match=kube_pod_info`,
    ok({ values: ['namespace', 'pod'], truncated: false }),
  );
  open();
  const builder = await screen.findByTestId('promql-builder');
  await user.click(within(builder).getByLabelText('Metric'));
  const option = await screen.findByTitle('kube_pod_info');
  expect(screen.getByTitle('node_load1')).toBeTruthy();
  await user.click(option);

  await waitFor(() =>
    expect(server.requests.map((r) => r.path)).toContain(`${VALUES}?match=kube_pod_info`),
  );
  await user.click(within(builder).getByLabelText('Dimension labels'));
  expect(await screen.findByTitle('namespace')).toBeTruthy();
});

it('completes nothing, silently, when the cluster is refused', async () => {
  const user = userEvent.setup();
  server.respond(
    `${VALUES}?label=__name__`,
    failed(9997, 'Cluster alpha is not bound by current user or already forbidden'),
  );
  open();
  const builder = await screen.findByTestId('promql-builder');
  await user.click(within(builder).getByLabelText('Metric'));
  await waitFor(() =>
    expect(server.requests.map((r) => r.path)).toContain(`${VALUES}?label=__name__`),
  );
  expect(screen.queryByText(/not bound by current user/)).toBeNull();
  expect(screen.queryByTitle('kube_pod_info')).toBeNull();
});

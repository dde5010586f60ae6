import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it } from 'vitest';
import {
  API,
  chooseOption,
  failed,
  ok,
  ORG_ID,
  renderAdminRoutes,
} from '../../../tests/adminTestBed';
import { startLoopbackServer, type LoopbackServer } from '../../../tests/loopbackServer';
import { emptyDashboard as dashboard } from './dashboardFixture';
import PanelConfigPage from './PanelConfigPage';

// The panel editor's preview: the query drawn through proxy/metrics as the unsaved form says.
const MONITOR = `${API}/monitor.nimbus.io`;
const PROXY = `${MONITOR}/vendors/ProviderKubeconfig/regions/local/clusters/alpha/proxy/metrics`;

let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackServer();
  server.respond(`${MONITOR}/organizations/${ORG_ID}/dashboards/nodes`, ok(dashboard));
  server.respond(`POST ${MONITOR}/organizations/${ORG_ID}/dashboards/nodes/panels`, ok(dashboard));
});
afterEach(() => server.close());

const open = () =>
  renderAdminRoutes(
    [
      { path: '/dashboard/:dashboard/config', element: <PanelConfigPage /> },
      { path: '/dashboard-custom/dashboard/:dashboard/detail', element: <h1>detail</h1> },
    ],
    '/dashboard/nodes/config',
    server,
  );

const paste = async (
  user: ReturnType<typeof userEvent.setup>,
  field: HTMLElement,
  text: string,
) => {
  await user.click(field);
  await user.paste(text);
};

it('draws the query in the chosen unit before saving, and saves the unit', async () => {
  const user = userEvent.setup();
  server.respond(
    `${PROXY}?query=node_memory_free_bytes&range=1h`,
    ok({
      series: [
        {
          metric: 'node_memory_free_bytes',
          labels: {},
          points: [
            [1_000, 1024],
            [1_060, 4096],
          ],
        },
      ],
      truncated: false,
    }),
  );
  open();
  await paste(user, await screen.findByLabelText('Title'), 'Free memory');
  const builder = screen.getByTestId('promql-builder');
  await paste(user, within(builder).getByLabelText('Metric'), 'node_memory_free_bytes');
  await chooseOption(user, screen.getByLabelText('Visualization'), 'Single value');
  await chooseOption(user, screen.getByLabelText('Unit'), 'Bytes (KiB, MiB, GiB)');

  const preview = screen.getByTestId('panel-preview');
  expect(within(preview).queryByTestId('panel-stat')).toBeNull();
  await user.click(within(preview).getByRole('button', { name: /Preview/ }));
  await waitFor(() =>
    expect(within(preview).getByTestId('panel-stat').textContent).toContain('4.0 KiB'),
  );

  await user.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() =>
    expect(server.requests.find((request) => request.method === 'POST')?.body).toMatchObject({
      title: 'Free memory',
      visualization: 'stat',
      unit: 'bytes',
      query: 'node_memory_free_bytes',
    }),
  );
});

it("shows why a previewed query failed, in the server's words", async () => {
  const user = userEvent.setup();
  server.respond(
    `${PROXY}?query=nope&range=1h`,
    failed(2003, 'Prometheus refused the query: parse error: unexpected end of input'),
  );
  open();
  await paste(
    user,
    within(await screen.findByTestId('promql-builder')).getByLabelText('Metric'),
    'nope',
  );
  await user.click(
    within(screen.getByTestId('panel-preview')).getByRole('button', { name: /Preview/ }),
  );
  const error = await screen.findByTestId('panel-error');
  expect(error.textContent).toContain('parse error: unexpected end of input');
  // Shown in its place, not also as a notification.
  expect(document.querySelector('.ant-notification-notice')).toBeNull();
});

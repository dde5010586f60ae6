import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { API, chooseOption, ok, ORG_ID, renderAdminRoutes } from '../../../tests/adminTestBed';
import { startLoopbackServer, type LoopbackServer } from '../../../tests/loopbackServer';
import { emptyDashboard as dashboard } from './dashboardFixture';
import PanelConfigPage from './PanelConfigPage';

const MONITOR = `${API}/monitor.nimbus.io/organizations/${ORG_ID}`;

let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackServer();
  server.respond(`${MONITOR}/dashboards/nodes`, ok(dashboard));
  server.respond(`POST ${MONITOR}/dashboards/nodes/panels`, ok(dashboard));
});
afterEach(() => server.close());

it('builds a query with the PromQL builder and saves it as a new panel', async () => {
  const user = userEvent.setup();
  const { router } = renderAdminRoutes(
    [
      { path: '/dashboard/:dashboard/config', element: <PanelConfigPage /> },
      { path: '/dashboard-custom/dashboard/:dashboard/detail', element: <h1>detail</h1> },
    ],
    '/dashboard/nodes/config',
    server,
  );

  // Pasted rather than typed key by key: antd forms are slow under jsdom on a busy machine.
  const paste = async (field: HTMLElement, text: string) => {
    await user.click(field);
    await user.paste(text);
  };
  await paste(await screen.findByLabelText('Title'), 'CPU by pod');
  const builder = screen.getByTestId('promql-builder');
  await paste(within(builder).getByLabelText('Metric'), 'container_cpu_usage_seconds_total');
  await chooseOption(user, within(builder).getByLabelText(/Aggregate functions/), 'rate');
  const query = 'rate(container_cpu_usage_seconds_total[5m])';
  await waitFor(() => expect(screen.getByTestId('promql-editor').textContent).toContain(query));

  await user.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() =>
    expect(router.state.location.pathname).toBe('/dashboard-custom/dashboard/nodes/detail'),
  );
  expect(server.requests.find((request) => request.method === 'POST')?.body).toEqual({
    title: 'CPU by pod',
    visualization: 'line',
    query,
    builder: {
      metric: 'container_cpu_usage_seconds_total',
      functions: ['rate'],
      dimension: 'by',
      labels: [],
      interval: '5m',
      k: 5,
      filters: [],
    },
  });
});

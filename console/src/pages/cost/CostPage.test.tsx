import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { API, chooseOption, ok, renderAdminRoutes } from '../../../tests/adminTestBed';
import { startLoopbackServer, type LoopbackServer } from '../../../tests/loopbackServer';
import CostPage from './CostPage';
import { COST_REFRESH_MS } from './costReport';

const ALLOCATION = `${API}/cost.nimbus.io/allocation`;
const NOW = new Date('2026-11-24T05:06:07.000Z');
const report = {
  currency: 'USD',
  catalogueDate: '2026-11-24',
  from: '2026-11-18',
  to: '2026-11-24',
  aggregate: 'namespace',
  totalCost: 4,
  idleCost: 1,
  trend: [{ date: '2026-11-24', totalCost: 4, idleCost: 1 }],
  items: [
    {
      name: 'demo',
      cluster: 'member-a',
      namespace: 'demo',
      idle: false,
      cpuCoreHours: 2,
      memoryGiBHours: 3,
      cpuCost: 2.5,
      memoryCost: 0.5,
      totalCost: 3,
    },
    {
      name: '__idle__',
      cluster: 'member-a',
      idle: true,
      cpuCoreHours: 0,
      memoryGiBHours: 0,
      cpuCost: 0.75,
      memoryCost: 0.25,
      totalCost: 1,
    },
  ],
  clusters: [
    {
      cluster: 'member-a',
      vendor: 'ProviderAWS',
      region: 'us-east-1',
      minutes: 60,
      usageMetrics: true,
      priceSources: ['catalogue'],
    },
  ],
};

let server: LoopbackServer;
beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  server = await startLoopbackServer();
});
afterEach(async () => {
  vi.useRealTimers();
  await server.close();
});

const queryOf = (path: string) => Object.fromEntries(new URL(path, server.origin).searchParams);

it('shows the last 7 days by namespace with the idle row, totals and the pricing note', async () => {
  server.respond(`${ALLOCATION}?from=2026-11-18&to=2026-11-24&aggregate=namespace`, ok(report));
  renderAdminRoutes([{ path: '/cost', element: <CostPage /> }], '/cost', server);

  const table = await screen.findByTestId('cost-breakdown');
  expect(await within(table).findByText('demo')).toBeDefined();
  expect(within(table).getByText('Idle')).toBeDefined();
  expect(within(table).getByText('3.00 USD')).toBeDefined();
  expect(within(table).getByText('75.0%')).toBeDefined();
  expect(screen.getByTestId('cost-total').textContent).toContain('4.00 USD');
  expect(screen.getByTestId('cost-pricing-note').textContent).toContain(
    'member-a: catalogue, usage metrics.',
  );
});

it('asks again grouped by label with the label key and a 30-day range', async () => {
  server.respond(`${ALLOCATION}?from=2026-11-18&to=2026-11-24&aggregate=namespace`, ok(report));
  const user = userEvent.setup();
  renderAdminRoutes([{ path: '/cost', element: <CostPage /> }], '/cost', server);
  await screen.findByText('demo');

  await chooseOption(user, screen.getByLabelText('Group by'), 'Label');
  await user.click(screen.getByText('Last 30 days'));
  await waitFor(() =>
    expect(server.requests.map((r) => queryOf(r.path))).toContainEqual({
      from: '2026-10-26',
      to: '2026-11-24',
      aggregate: 'label',
      label: 'app',
    }),
  );
});

it('reads the costs again while open, keeping the table without a spinner', async () => {
  vi.useFakeTimers({
    toFake: ['Date', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
    shouldAdvanceTime: true,
  });
  vi.setSystemTime(NOW);
  let total = 3;
  server.respond(`${ALLOCATION}?from=2026-11-18&to=2026-11-24&aggregate=namespace`, () =>
    ok({ ...report, items: [{ ...report.items[0], totalCost: total }, report.items[1]] }),
  );
  renderAdminRoutes([{ path: '/cost', element: <CostPage /> }], '/cost', server);
  const table = await screen.findByTestId('cost-breakdown');
  expect(await within(table).findByText('3.00 USD')).toBeDefined();
  expect(server.requests).toHaveLength(1);

  total = 5;
  await vi.advanceTimersByTimeAsync(COST_REFRESH_MS);
  expect(await within(table).findByText('5.00 USD')).toBeDefined();
  expect(server.requests).toHaveLength(2);
  expect(table.querySelector('.ant-spin-spinning')).toBeNull();
});

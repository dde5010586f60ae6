import type { SilenceView } from '@nimbus/api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { API, ORG_ID, ok, renderAdminRoutes } from '../../../../tests/adminTestBed';
import { startLoopbackServer, type LoopbackServer } from '../../../../tests/loopbackServer';
import { ALARM_CONFIG_POLL_MS } from '../../../api/alarmConfigApi';
import SilencesPage from './SilencesPage';

const SILENCES = `${API}/alarm.nimbus.io/organizations/${ORG_ID}/silences`;
const maintenance: SilenceView = {
  name: 'maintenance',
  uuid: 'silence-1',
  cluster: 'member-a',
  matchers: [{ name: 'alertname', value: 'web-down', isRegex: false, isEqual: true }],
  startsAt: '2030-01-01T00:00:00Z',
  endsAt: '2030-01-01T02:00:00Z',
  comment: 'planned maintenance',
  creator: 'ada',
  state: 'active',
  createdAt: '2030-01-01T00:00:00Z',
};

let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackServer();
});
afterEach(() => server.close());

const renderSilences = () =>
  renderAdminRoutes(
    [{ path: '/admin/alarm/silence', element: <SilencesPage /> }],
    '/admin/alarm/silence',
    server,
  );

it('shows an empty state without silences', async () => {
  server.respond(`GET ${SILENCES}`, ok({ items: [] }));
  renderSilences();
  expect(await screen.findByText('No silences yet')).toBeTruthy();
});

it('lists silences with label, comment, creator and state, and expires one', async () => {
  server.respond(`GET ${SILENCES}`, ok({ items: [maintenance] }));
  server.respond(`PUT ${SILENCES}/maintenance/expire`, ok({ ...maintenance, state: 'expired' }));
  const user = userEvent.setup();
  renderSilences();
  const table = await screen.findByTestId('alarm-silences-table');
  const row = (await within(table).findByText('alertname=web-down')).closest('tr') as HTMLElement;
  expect(row.textContent).toContain('planned maintenance');
  expect(row.textContent).toContain('ada');
  expect(row.textContent).toContain('Active');
  await user.click(within(row).getByRole('button', { name: 'Expire now' }));
  await waitFor(() =>
    expect(
      server.requests.some((r) => r.method === 'PUT' && r.path.endsWith('/maintenance/expire')),
    ).toBe(true),
  );
});

it('asks for the name before deleting', async () => {
  server.respond(`GET ${SILENCES}`, ok({ items: [maintenance] }));
  server.respond(`DELETE ${SILENCES}/maintenance`, ok({ name: 'maintenance' }));
  const user = userEvent.setup();
  renderSilences();
  const table = await screen.findByTestId('alarm-silences-table');
  await user.click(await within(table).findByRole('button', { name: 'Delete' }));
  const dialog = await screen.findByRole('dialog');
  expect(server.requests.some((r) => r.method === 'DELETE')).toBe(false);
  expect(dialog.textContent).toContain('Delete silence maintenance');
});

it('reads the silences again while open: one that expired shows so, without a spinner', async () => {
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
    shouldAdvanceTime: true,
  });
  try {
    let state: SilenceView['state'] = 'active';
    server.respond(`GET ${SILENCES}`, () => ok({ items: [{ ...maintenance, state }] }));
    renderSilences();
    const table = await screen.findByTestId('alarm-silences-table');
    const row = () => within(table).getByText('alertname=web-down').closest('tr') as HTMLElement;
    await within(table).findByText('alertname=web-down');
    expect(row().textContent).toContain('Active');
    const reads = () => server.requests.filter((r) => r.method === 'GET' && r.path === SILENCES);
    expect(reads()).toHaveLength(1);

    state = 'expired';
    await vi.advanceTimersByTimeAsync(ALARM_CONFIG_POLL_MS);
    await waitFor(() => expect(row().textContent).toContain('Expired'));
    expect(reads()).toHaveLength(2);
    expect(table.querySelector('.ant-spin-spinning')).toBeNull();
  } finally {
    vi.useRealTimers();
  }
});

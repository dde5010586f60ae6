import type { AlarmMessage, RuleView } from '@nimbus/api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { API, ORG_ID, chooseOption, ok, renderAdminRoutes } from '../../../../tests/adminTestBed';
import { startLoopbackServer, type LoopbackServer } from '../../../../tests/loopbackServer';
import AlarmConfigPage from './AlarmConfigPage';

const ALARM = `${API}/alarm.nimbus.io/organizations/${ORG_ID}`;
const MESSAGES = `${API}/monitor.nimbus.io/alert-metrics/notifications`;
const PROVIDERS = `${API}/manage.nimbus.io/organizations/${ORG_ID}/providers?page=1&pageSize=100`;

const webDown: AlarmMessage = {
  rule: 'web-down',
  cluster: 'member-a',
  state: 'active',
  header: 'Web is down',
  content: '0 replicas available',
  value: 0,
  labels: { alertname: 'web-down', cluster: 'member-a' },
  activeAt: '2030-01-01T00:00:00Z',
  firedAt: '2030-01-01T00:01:00Z',
};
const webRule: RuleView = {
  name: 'web-down',
  uuid: 'rule-1',
  organization: ORG_ID,
  cluster: 'member-a',
  metric: 'kube_deployment_status_replicas_available',
  operator: '<',
  threshold: 1,
  durationSeconds: 60,
  header: 'Web is down',
  content: '',
  receivers: ['ops-mail'],
  enabled: true,
  createdAt: '2030-01-01T00:00:00Z',
  alarms: [webDown],
  conditions: [],
};

let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackServer();
  server.respond(`GET ${ALARM}/rules`, ok({ items: [webRule] }));
  server.respond(`GET ${ALARM}/receivers`, ok({ items: [] }));
  server.respond(`GET ${MESSAGES}`, ok({ items: [webDown, { ...webDown, state: 'suppressed' }] }));
  server.respond(PROVIDERS, ok({ items: [{ cluster: 'member-a', name: 'member-a' }] }));
});
afterEach(() => server.close());

const renderConfig = (path = '/admin/alarm/config') =>
  renderAdminRoutes([{ path: '/admin/alarm/config', element: <AlarmConfigPage /> }], path, server);

const sent = (method: string, path: string) =>
  server.requests.find((r) => r.method === method && r.path === path);

it('opens on the basic settings: counts by state and the alarm messages', async () => {
  renderConfig();
  const basic = await screen.findByTestId('alarm-basic');
  expect(await within(basic).findAllByText('Web is down')).toHaveLength(2);
  expect(basic.textContent).toContain('0 replicas available');
  await waitFor(() => expect(basic.textContent).toMatch(/Active alarms1/));
  expect(basic.textContent).toMatch(/Suppressed alarms1/);
  expect(basic.textContent).toMatch(/Enabled rules1/);
  for (const tab of ['Basic settings', 'Rules', 'Receiver settings', 'Silence settings'])
    expect(screen.getByRole('tab', { name: tab })).toBeTruthy();
});

it('lists rules with their condition, receivers and firing alarms', async () => {
  renderConfig('/admin/alarm/config?tab=rules');
  const table = await screen.findByTestId('alarm-rules-table');
  const row = (await within(table).findByText('Web is down')).closest('tr') as HTMLElement;
  expect(row.textContent).toContain('kube_deployment_status_replicas_available < 1 for 60 s');
  expect(row.textContent).toContain('ops-mail');
  expect(row.textContent).toContain('Active');
});

it('creates a rule from the dialog', async () => {
  server.respond(`POST ${ALARM}/rules`, ok(webRule));
  const user = userEvent.setup();
  renderConfig('/admin/alarm/config?tab=rules');
  await user.click(await screen.findByRole('button', { name: /Create rule/ }));
  const dialog = await screen.findByRole('dialog');
  await user.type(within(dialog).getByTestId('rule-name'), 'cpu-high');
  const [cluster] = within(dialog).getAllByRole('combobox');
  await chooseOption(user, cluster as HTMLElement, 'member-a');
  await user.type(within(dialog).getByTestId('rule-metric'), 'node_load1');
  await user.type(within(dialog).getByTestId('rule-threshold'), '4');
  await user.type(within(dialog).getByTestId('rule-header'), 'Load is high');
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(sent('POST', `${ALARM}/rules`)).toBeTruthy());
  expect(sent('POST', `${ALARM}/rules`)?.body).toEqual({
    name: 'cpu-high',
    cluster: 'member-a',
    metric: 'node_load1',
    operator: '>',
    threshold: 4,
    durationSeconds: 60,
    header: 'Load is high',
    content: '',
    receivers: [],
    enabled: true,
  });
});

it('edits a rule with its values filled in and the name fixed', async () => {
  server.respond(`PUT ${ALARM}/rules/web-down`, ok(webRule));
  const user = userEvent.setup();
  renderConfig('/admin/alarm/config?tab=rules');
  const table = await screen.findByTestId('alarm-rules-table');
  await user.click(await within(table).findByRole('button', { name: 'Edit' }));
  const dialog = await screen.findByRole('dialog');
  expect((within(dialog).getByTestId('rule-name') as HTMLInputElement).disabled).toBe(true);
  const threshold = within(dialog).getByTestId('rule-threshold');
  await user.clear(threshold);
  await user.type(threshold, '2');
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(sent('PUT', `${ALARM}/rules/web-down`)).toBeTruthy());
  expect(sent('PUT', `${ALARM}/rules/web-down`)?.body).toMatchObject({
    name: 'web-down',
    metric: webRule.metric,
    threshold: 2,
    receivers: ['ops-mail'],
  });
});

it('deletes a rule after its name is typed', async () => {
  server.respond(`DELETE ${ALARM}/rules/web-down`, ok({ name: 'web-down' }));
  const user = userEvent.setup();
  renderConfig('/admin/alarm/config?tab=rules');
  const table = await screen.findByTestId('alarm-rules-table');
  await user.click(await within(table).findByRole('button', { name: 'Delete' }));
  const dialog = await screen.findByRole('dialog');
  expect(dialog.textContent).toContain('Delete alarm rule web-down');
  await user.type(within(dialog).getByRole('textbox'), 'web-down');
  await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(sent('DELETE', `${ALARM}/rules/web-down`)).toBeTruthy());
});

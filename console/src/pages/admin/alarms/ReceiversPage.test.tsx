import type { ReceiverView } from '@nimbus/api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { API, ORG_ID, chooseOption, ok, renderAdminRoutes } from '../../../../tests/adminTestBed';
import { startLoopbackServer, type LoopbackServer } from '../../../../tests/loopbackServer';
import ReceiversPage from './ReceiversPage';

const RECEIVERS = `${API}/alarm.nimbus.io/organizations/${ORG_ID}/receivers`;
const opsMail: ReceiverView = {
  name: 'ops-mail',
  uuid: 'receiver-1',
  organization: ORG_ID,
  type: 'Email',
  email: {
    smtpHost: 'smtp.example.com',
    smtpPort: 587,
    security: 'StartTLS',
    from: 'nimbus@example.com',
    username: 'nimbus',
    to: ['ops@example.com', 'oncall@example.com'],
  },
  secretSet: true,
  createdAt: '2030-01-01T00:00:00Z',
  conditions: [],
};

let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackServer();
});
afterEach(() => server.close());

const renderReceivers = () =>
  renderAdminRoutes(
    [{ path: '/admin/alarm/receiver', element: <ReceiversPage /> }],
    '/admin/alarm/receiver',
    server,
  );

/** Opens the create dialog and fills a Slack receiver `team-slack` for #alerts, without secret. */
async function startSlackReceiver() {
  const user = userEvent.setup();
  renderReceivers();
  await user.click(await screen.findByRole('button', { name: /Create receiver/ }));
  const dialog = await screen.findByRole('dialog');
  await user.type(within(dialog).getByTestId('receiver-name'), 'team-slack');
  await chooseOption(
    user,
    within(within(dialog).getByTestId('receiver-type')).getByRole('combobox'),
    'Slack',
  );
  await user.type(await within(dialog).findByTestId('receiver-channel'), '#alerts');
  return { user, dialog };
}

/** Opens the edit dialog of the stored email receiver `ops-mail` (a PUT answers it unchanged). */
async function editOpsMail() {
  server.respond(`GET ${RECEIVERS}`, ok({ items: [opsMail] }));
  server.respond(`PUT ${RECEIVERS}/ops-mail`, ok(opsMail));
  const user = userEvent.setup();
  renderReceivers();
  const table = await screen.findByTestId('alarm-receivers-table');
  await user.click(await within(table).findByRole('button', { name: 'Edit' }));
  return { user, dialog: await screen.findByRole('dialog') };
}

const sent = (method: string, path: string) =>
  server.requests.find((r) => r.method === method && r.path === path);

it('shows an empty state without receivers', async () => {
  server.respond(`GET ${RECEIVERS}`, ok({ items: [] }));
  renderReceivers();
  expect(await screen.findByText('No alarm receivers yet')).toBeTruthy();
});

it('lists receivers with type, recipients and whether a credential is stored, never its value', async () => {
  server.respond(`GET ${RECEIVERS}`, ok({ items: [opsMail] }));
  renderReceivers();
  const table = await screen.findByTestId('alarm-receivers-table');
  const row = (await within(table).findByText('ops-mail')).closest('tr') as HTMLElement;
  expect(row.textContent).toContain('Email (SMTP)');
  expect(row.textContent).toContain('ops@example.com, oncall@example.com');
  expect(row.textContent).toContain('Stored');
});

it('creates a Slack receiver with its webhook URL as the write-only secret', async () => {
  server.respond(`GET ${RECEIVERS}`, ok({ items: [] }));
  server.respond(`POST ${RECEIVERS}`, ok({ ...opsMail, name: 'team-slack', type: 'Slack' }));
  const { user, dialog } = await startSlackReceiver();
  expect(within(dialog).getByText('Webhook URL')).toBeTruthy();
  await user.type(within(dialog).getByTestId('receiver-secret'), 'https://hooks.example/T1/B2');
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(sent('POST', RECEIVERS)).toBeTruthy());
  expect(sent('POST', RECEIVERS)?.body).toEqual({
    name: 'team-slack',
    type: 'Slack',
    slack: { channel: '#alerts' },
    secret: 'https://hooks.example/T1/B2',
  });
});

it('requires the credential of a new Slack receiver', async () => {
  server.respond(`GET ${RECEIVERS}`, ok({ items: [] }));
  const { user, dialog } = await startSlackReceiver();
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(await within(dialog).findByText('Required')).toBeTruthy();
  expect(sent('POST', RECEIVERS)).toBeUndefined();
});

it('edits a receiver without sending a secret when none is typed, so the stored one is kept', async () => {
  const { user, dialog } = await editOpsMail();
  const secret = within(dialog).getByTestId('receiver-secret') as HTMLInputElement;
  expect(secret.value).toBe('');
  expect(secret.placeholder).toBe('(stored, not shown)');
  expect((within(dialog).getByTestId('receiver-name') as HTMLInputElement).disabled).toBe(true);
  const to = within(dialog).getByTestId('receiver-to');
  await user.clear(to);
  await user.type(to, 'ops@example.com');
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(sent('PUT', `${RECEIVERS}/ops-mail`)).toBeTruthy());
  const body = sent('PUT', `${RECEIVERS}/ops-mail`)?.body as Record<string, unknown>;
  expect(body).not.toHaveProperty('secret');
  expect(body.email).toEqual({ ...opsMail.email, to: ['ops@example.com'] });
});

it('asks for the stored password again, and says why, when the SMTP server changes', async () => {
  const { user, dialog } = await editOpsMail();
  const host = within(dialog).getByTestId('receiver-smtp-host');
  await user.clear(host);
  await user.type(host, 'smtp.elsewhere.example');
  expect(
    await within(dialog).findByText(
      /Stored credentials only go to the address they were given for/,
    ),
  ).toBeTruthy();
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(
    await within(dialog).findByText('Enter the credentials again: the address changed'),
  ).toBeTruthy();
  expect(sent('PUT', `${RECEIVERS}/ops-mail`)).toBeUndefined();

  await user.type(within(dialog).getByTestId('receiver-secret'), 'new-smtp-password');
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(sent('PUT', `${RECEIVERS}/ops-mail`)).toBeTruthy());
  expect(sent('PUT', `${RECEIVERS}/ops-mail`)?.body).toMatchObject({
    email: { smtpHost: 'smtp.elsewhere.example' },
    secret: 'new-smtp-password',
  });
});

it('asks for the name before deleting a receiver', async () => {
  server.respond(`GET ${RECEIVERS}`, ok({ items: [opsMail] }));
  const user = userEvent.setup();
  renderReceivers();
  const table = await screen.findByTestId('alarm-receivers-table');
  await user.click(await within(table).findByRole('button', { name: 'Delete' }));
  const dialog = await screen.findByRole('dialog');
  expect(dialog.textContent).toContain('Delete alarm receiver ops-mail');
  expect(server.requests.some((r) => r.method === 'DELETE')).toBe(false);
});

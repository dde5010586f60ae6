import type { IdentityProviderView } from '@nimbus/api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { failed, IAM, ok, renderAdminRoutes } from '../../../../tests/adminTestBed';
import { startLoopbackServer, type LoopbackServer } from '../../../../tests/loopbackServer';
import IdentityProvidersPage from './IdentityProvidersPage';

const PROVIDERS = `${IAM}/identity-providers`;
const corp: IdentityProviderView = {
  uuid: 'idp-1',
  name: 'corp',
  displayName: 'Corp SSO',
  issuer: 'https://login.example.com/realms/corp',
  clientId: 'nimbus-console',
  clientSecretSet: true,
  scopes: ['openid', 'profile', 'email', 'groups'],
  claims: { userName: 'preferred_username', displayName: 'name', email: 'email', groups: 'groups' },
  groupMappings: [{ group: 'ops', organization: 'acme' }],
  enabled: true,
  ready: { status: 'True', reason: 'Discovered', message: 'discovery document read' },
  redirectUri: 'https://nimbus.example.com/login/callback',
  createdAt: '2030-01-01T00:00:00Z',
};
const partner: IdentityProviderView = {
  ...corp,
  uuid: 'idp-2',
  name: 'partner',
  displayName: 'Partner login',
  issuer: 'https://partner.example.org',
  enabled: false,
  ready: { status: 'False', reason: 'DiscoveryFailed', message: 'connect ECONNREFUSED' },
};

let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackServer();
});
afterEach(() => server.close());

const renderProviders = () =>
  renderAdminRoutes(
    [{ path: '/admin/identity-provider', element: <IdentityProvidersPage /> }],
    '/admin/identity-provider',
    server,
  );

const sent = (method: string, path: string) =>
  server.requests.filter((request) => request.method === method && request.path === path);

/**
 * Whether the modal was closed. The dialog is rendered ahead (forceRender) and antd's leave
 * animation never ends under jsdom, so a closed one keeps its node, marked as leaving.
 */
const closing = (dialog: HTMLElement) => dialog.classList.contains('ant-zoom-leave');

/** Opens the create dialog, with no provider stored yet. */
async function openCreateDialog() {
  server.respond(`GET ${PROVIDERS}`, ok({ items: [] }));
  const user = userEvent.setup();
  const rendered = renderProviders();
  expect(await screen.findByText(/No identity providers yet/)).toBeDefined();
  await user.click(screen.getByRole('button', { name: /Add identity provider/ }));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText('Add identity provider')).toBeDefined();
  return { ...rendered, user, dialog };
}

/** Opens the edit dialog of the stored provider `corp`; a PUT answers it unchanged. */
async function editCorp() {
  server.respond(`GET ${PROVIDERS}`, ok({ items: [corp] }));
  server.respond(`PUT ${PROVIDERS}/corp`, ok(corp));
  const user = userEvent.setup();
  renderProviders();
  const table = await screen.findByTestId('identity-providers-table');
  await user.click(await within(table).findByRole('button', { name: 'Edit' }));
  return { user, dialog: await screen.findByRole('dialog') };
}

it('lists the providers with issuer, whether enabled and whether their issuer was reached', async () => {
  server.respond(`GET ${PROVIDERS}`, ok({ items: [corp, partner] }));
  renderProviders();

  expect(await screen.findByRole('heading', { name: 'Identity providers' })).toBeDefined();
  const table = screen.getByTestId('identity-providers-table');
  const row = (name: string) => within(table).getByText(name).closest('tr') as HTMLElement;
  await within(table).findByText('corp');
  expect(within(row('corp')).getByText('Corp SSO')).toBeDefined();
  expect(within(row('corp')).getByText('https://login.example.com/realms/corp')).toBeDefined();
  expect(within(row('corp')).getByText('Yes')).toBeDefined();
  expect(within(row('corp')).getByText('Ready')).toBeDefined();
  expect(within(row('partner')).getByText('No')).toBeDefined();
  expect(within(row('partner')).getByText('DiscoveryFailed')).toBeDefined();
  // The list never holds a secret to show.
  expect(table.textContent).not.toMatch(/secret/i);
});

it('creates a provider with its issuer, client id and the client secret typed', async () => {
  const stored: IdentityProviderView[] = [];
  server.respond(`GET ${PROVIDERS}`, () => ok({ items: stored }));
  server.respond(`POST ${PROVIDERS}`, () => {
    stored.push(corp);
    return ok(corp);
  });
  const user = userEvent.setup();
  renderProviders();
  await screen.findByText(/No identity providers yet/);
  await user.click(screen.getByRole('button', { name: /Add identity provider/ }));
  const dialog = await screen.findByRole('dialog');

  await user.type(within(dialog).getByLabelText('Name'), 'corp');
  await user.type(within(dialog).getByLabelText('Button label'), 'Corp SSO');
  await user.type(
    within(dialog).getByLabelText('Issuer URL'),
    ' https://login.example.com/realms/corp ',
  );
  await user.type(within(dialog).getByLabelText('Client ID'), 'nimbus-console');
  const secret = within(dialog).getByLabelText('Client secret');
  // Write-only: typed into a password field, never shown.
  expect(secret.getAttribute('type')).toBe('password');
  expect(within(dialog).getByText('Stored in a Secret and never shown again.')).toBeDefined();
  await user.type(secret, 's3cr3t');
  await user.click(within(dialog).getByRole('button', { name: /Add mapping/ }));
  await user.type(within(dialog).getByPlaceholderText('Provider group'), 'ops');
  await user.type(within(dialog).getByPlaceholderText('Organization'), 'acme');
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));

  await waitFor(() => expect(sent('POST', PROVIDERS)).toHaveLength(1));
  expect(sent('POST', PROVIDERS)[0]?.body).toEqual({
    name: 'corp',
    displayName: 'Corp SSO',
    issuer: 'https://login.example.com/realms/corp',
    clientId: 'nimbus-console',
    clientSecret: 's3cr3t',
    scopes: ['openid', 'profile', 'email', 'groups'],
    claims: {
      userName: 'preferred_username',
      displayName: 'name',
      email: 'email',
      groups: 'groups',
    },
    groupMappings: [{ group: 'ops', organization: 'acme' }],
    enabled: true,
  });
  // The dialog closes and the list shows the new provider.
  const table = screen.getByTestId('identity-providers-table');
  expect(await within(table).findByText('Corp SSO')).toBeDefined();
  await waitFor(() => expect(closing(dialog)).toBe(true));
});

it('shows what is missing or malformed and sends nothing', async () => {
  const { user, dialog } = await openCreateDialog();

  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  // Name, button label, issuer, client id and, for a new provider, the client secret.
  await waitFor(() => expect(within(dialog).getAllByText('Required')).toHaveLength(5));

  await user.type(within(dialog).getByLabelText('Name'), 'Corp_SSO');
  await user.type(within(dialog).getByLabelText('Issuer URL'), 'https://user@login.example.com');
  expect(
    await within(dialog).findByText(
      'Only lowercase letters, digits and dashes are allowed, starting and ending with a letter or digit',
    ),
  ).toBeDefined();
  expect(
    await within(dialog).findByText('An http(s) URL without a user name, query or fragment'),
  ).toBeDefined();
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(sent('POST', PROVIDERS)).toHaveLength(0);
});

it('keeps the dialog open when the operator refuses the provider', async () => {
  server.respond(
    `POST ${PROVIDERS}`,
    failed(2007, 'the discovery document of https://login.example.com could not be read'),
  );
  const { user, dialog, feedback } = await openCreateDialog();
  await user.type(within(dialog).getByLabelText('Name'), 'corp');
  await user.type(within(dialog).getByLabelText('Button label'), 'Corp SSO');
  await user.type(within(dialog).getByLabelText('Issuer URL'), 'https://login.example.com');
  await user.type(within(dialog).getByLabelText('Client ID'), 'nimbus-console');
  await user.type(within(dialog).getByLabelText('Client secret'), 's3cr3t');
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));

  await waitFor(() => expect(feedback.requestFailed).toHaveBeenCalledTimes(1));
  expect(closing(dialog)).toBe(false);
  expect(within(dialog).getByLabelText('Name')).toHaveProperty('value', 'corp');
});

it('edits a provider without sending a secret when none is typed, so the stored one is kept', async () => {
  const { user, dialog } = await editCorp();
  expect(within(dialog).getByText('Edit')).toBeDefined();
  expect(within(dialog).getByLabelText('Name')).toHaveProperty('disabled', true);
  expect(within(dialog).getByLabelText('Issuer URL')).toHaveProperty('value', corp.issuer);
  expect(within(dialog).getByLabelText('Client secret')).toHaveProperty('value', '');
  expect(
    within(dialog).getByText(
      'Leave empty to keep the stored secret. Changing the issuer needs it again.',
    ),
  ).toBeDefined();
  expect(within(dialog).getByTestId('idp-redirect-uri').textContent).toContain(
    'https://nimbus.example.com/login/callback',
  );
  const label = within(dialog).getByLabelText('Button label');
  await user.clear(label);
  await user.type(label, 'Corporate login');
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));

  await waitFor(() => expect(sent('PUT', `${PROVIDERS}/corp`)).toHaveLength(1));
  const body = sent('PUT', `${PROVIDERS}/corp`)[0]?.body as Record<string, unknown>;
  expect(body).not.toHaveProperty('clientSecret');
  // The name is the path's; the body carries the settings only.
  expect(body).not.toHaveProperty('name');
  expect(body).toMatchObject({
    displayName: 'Corporate login',
    issuer: corp.issuer,
    clientId: corp.clientId,
    groupMappings: corp.groupMappings,
  });
});

it('sends a new client secret on edit when one is typed', async () => {
  const { user, dialog } = await editCorp();
  await user.type(within(dialog).getByLabelText('Client secret'), 'rotated-secret');
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));

  await waitFor(() => expect(sent('PUT', `${PROVIDERS}/corp`)).toHaveLength(1));
  expect(sent('PUT', `${PROVIDERS}/corp`)[0]?.body).toMatchObject({
    clientSecret: 'rotated-secret',
  });
});

it('deletes a provider only after its name is typed to confirm', async () => {
  let deleted = false;
  server.respond(`GET ${PROVIDERS}`, () => ok({ items: deleted ? [] : [corp] }));
  server.respond(`DELETE ${PROVIDERS}/corp`, () => {
    deleted = true;
    return ok({ name: 'corp' });
  });
  const user = userEvent.setup();
  renderProviders();
  const table = await screen.findByTestId('identity-providers-table');
  await user.click(await within(table).findByRole('button', { name: 'Delete' }));

  const dialog = await screen.findByRole('dialog');
  expect(
    within(dialog).getByText(
      'Remove the identity provider Corp SSO? Its users stay but cannot sign in with it.',
    ),
  ).toBeDefined();
  const confirm = within(dialog).getByRole('button', { name: 'Delete' });
  expect(confirm).toHaveProperty('disabled', true);
  await user.type(within(dialog).getByTestId('delete-confirm-input'), 'cor');
  await user.click(confirm);
  expect(sent('DELETE', `${PROVIDERS}/corp`)).toHaveLength(0);

  await user.type(within(dialog).getByTestId('delete-confirm-input'), 'p');
  await user.click(confirm);
  expect(await screen.findByText(/No identity providers yet/)).toBeDefined();
  expect(sent('DELETE', `${PROVIDERS}/corp`)).toHaveLength(1);
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it } from 'vitest';
import {
  ALICE_SESSION,
  IAM,
  ok,
  organization,
  requestsTo,
  serveSignedInUser,
} from '../../tests/fakeIdentityApi';
import { startLoopbackServer, type LoopbackServer } from '../../tests/loopbackServer';
import { renderApp } from '../../tests/renderApp';
import { readSession, saveSession } from '../session/session';

let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackServer();
  saveSession(ALICE_SESSION);
  serveSignedInUser(server);
});
afterEach(() => server.close());

/** A user without organization lands on /home, where the dialog opens by itself. */
async function openDialog() {
  renderApp('/home', { apiOrigin: server.origin });
  return screen.findByTestId('join-org-dialog');
}

it('requires organization id, inviter and invitation code, trims them, joins and switches', async () => {
  server.respond(`POST ${IAM}/join/organizations/acme`, () => {
    serveSignedInUser(server, { organizations: [organization('acme')] });
    return ok(organization('acme'));
  });
  const dialog = await openDialog();
  const user = userEvent.setup();
  const form = within(dialog).getByTestId('join-org-form');

  await user.type(within(form).getByLabelText('Organization ID'), '   ');
  await user.click(within(form).getByRole('button', { name: 'Join' }));
  await waitFor(() => expect(within(form).getAllByText('Required')).toHaveLength(3));

  await user.type(within(form).getByLabelText('Organization ID'), ' acme ');
  await user.type(within(form).getByLabelText('Inviter ID'), '  u-9');
  await user.type(within(form).getByLabelText('Invitation code'), 'CODE-1  {Enter}');

  await waitFor(() => expect(screen.queryByTestId('join-org-dialog')).toBeNull());
  expect(requestsTo(server, `POST ${IAM}/join/organizations/acme`)[0]?.body).toEqual({
    inviter: 'u-9',
    invitationCode: 'CODE-1',
    invitee: 'u-1',
  });
  await waitFor(() => expect(readSession().organization).toBe('acme'));
  expect(await within(screen.getByTestId('header-org-switcher')).findByText('acme')).toBeDefined();
});

it('creates an organization with the SPEC form rules and switches to it', async () => {
  server.respond(`POST ${IAM}/organizations`, () => {
    serveSignedInUser(server, { organizations: [organization('team-a', true)] });
    return ok(organization('team-a', true));
  });
  const dialog = await openDialog();
  const user = userEvent.setup();
  await user.click(within(dialog).getByTestId('join-org-tab-create'));
  const form = await within(dialog).findByTestId('create-org-form');

  expect(
    within(form).getAllByPlaceholderText('Lowercase letters, digits and dashes are allowed'),
  ).toHaveLength(2);
  await user.type(within(form).getByLabelText('Contact email'), 'ops@');
  expect(await within(form).findByText('Please enter a valid email address')).toBeDefined();

  await user.click(within(form).getByRole('button', { name: 'Create' }));
  expect(await within(form).findByText('Please enter the organization name')).toBeDefined();
  expect(within(form).getByText('Please enter the alias')).toBeDefined();
  expect(within(form).getByText('Please enter the contact')).toBeDefined();

  await user.type(within(form).getByLabelText('Name'), 'Team_A');
  expect(
    await within(form).findByText('Only lowercase letters, digits and dashes are allowed'),
  ).toBeDefined();
  await user.clear(within(form).getByLabelText('Name'));
  await user.type(within(form).getByLabelText('Name'), 'team-a');
  await user.type(within(form).getByLabelText('Alias'), 'team-a');
  await user.type(within(form).getByLabelText('Contact'), 'Ops');
  await user.type(within(form).getByLabelText('Contact email'), 'example.com');
  await user.click(within(form).getByRole('button', { name: 'Create' }));

  await waitFor(() => expect(readSession().organization).toBe('team-a'));
  expect(screen.queryByTestId('join-org-dialog')).toBeNull();
  expect(requestsTo(server, `POST ${IAM}/organizations`)[0]?.body).toEqual({
    name: 'team-a',
    cnName: 'team-a',
    contact: 'Ops',
    email: 'ops@example.com',
    description: '',
    monitorKey: '',
    monitorValue: '',
  });
});

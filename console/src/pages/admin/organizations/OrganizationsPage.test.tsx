import type { OrgView } from '@nimbus/api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { IAM, ok, renderAdminRoutes, USER_ID } from '../../../../tests/adminTestBed';
import { startLoopbackServer, type LoopbackServer } from '../../../../tests/loopbackServer';
import OrganizationsPage from './OrganizationsPage';

const acme: OrgView = {
  uuid: 'org-1',
  name: 'acme',
  cnName: 'acme-corp',
  contact: 'Ann',
  email: 'ann@acme.io',
  description: 'first',
  monitorKey: 'team',
  monitorValue: 'acme',
  adminFlag: true,
  createdAt: '2026-01-01T00:00:00Z',
};

let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackServer();
  server.respond(`${IAM}/user/${USER_ID}/organizations`, ok({ items: [acme], total: 1 }));
});
afterEach(() => server.close());

const renderOrganizations = () =>
  renderAdminRoutes(
    [{ path: '/admin/organization', element: <OrganizationsPage /> }],
    '/admin/organization',
    server,
  );

it('generates invitation information to copy', async () => {
  server.respond(
    `GET ${IAM}/join/organizations/org-1`,
    ok({
      organizationId: 'org-1',
      inviterId: USER_ID,
      invitationCode: 'K7Q2-9XZP',
      expiresAt: '2026-01-08T00:00:00Z',
    }),
  );
  const user = userEvent.setup();
  renderOrganizations();

  const table = await screen.findByTestId('admin-orgs-table');
  await user.click(await within(table).findByRole('button', { name: 'Invite' }));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).queryByTestId('org-invite-code')).toBeNull();
  await user.click(within(dialog).getByTestId('org-invite-generate'));

  expect((await within(dialog).findByTestId('org-invite-code')).textContent).toContain('K7Q2-9XZP');
  expect(within(dialog).getByTestId('org-invite-organization').textContent).toBe('org-1');
  expect(within(dialog).getByTestId('org-invite-inviter').textContent).toBe(USER_ID);
  expect(within(dialog).getAllByRole('button', { name: /copy/i })).toHaveLength(3);

  await user.click(within(dialog).getByTestId('org-invite-code-copy'));
  expect(await navigator.clipboard.readText()).toBe('K7Q2-9XZP');
});

it('edits an organization with its name fixed, keeping the monitoring label', async () => {
  server.respond(`PUT ${IAM}/organizations`, ok({ ...acme, contact: 'Bea' }));
  const user = userEvent.setup();
  renderOrganizations();

  const table = await screen.findByTestId('admin-orgs-table');
  await user.click(await within(table).findByRole('button', { name: 'Edit' }));
  const form = await screen.findByTestId('admin-org-form');
  expect(within(form).getByLabelText('Name')).toHaveProperty('disabled', true);
  const contact = within(form).getByLabelText('Contact');
  await user.clear(contact);
  await user.type(contact, 'Bea{Enter}');

  await waitFor(() =>
    expect(server.requests.find((request) => request.method === 'PUT')?.body).toEqual({
      uuid: 'org-1',
      cnName: 'acme-corp',
      contact: 'Bea',
      email: 'ann@acme.io',
      description: 'first',
      monitorKey: 'team',
      monitorValue: 'acme',
    }),
  );
});

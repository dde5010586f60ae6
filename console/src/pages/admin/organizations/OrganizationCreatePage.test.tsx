import type { OrgView } from '@nimbus/api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IAM, ok, renderAdminRoutes, requestLines, USER_ID } from '../../../../tests/adminTestBed';
import { startLoopbackServer, type LoopbackServer } from '../../../../tests/loopbackServer';
import OrganizationCreatePage from './OrganizationCreatePage';
import OrganizationsPage from './OrganizationsPage';

const ORGS = `${IAM}/user/${USER_ID}/organizations`;
const created: OrgView = {
  uuid: 'org-new',
  name: 'acme',
  cnName: 'acme-corp',
  contact: 'Ann',
  email: 'ann@acme.io',
  description: '',
  monitorKey: '',
  monitorValue: '',
  adminFlag: true,
  createdAt: '2026-01-01T00:00:00Z',
};

let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackServer();
  server.respond(`POST ${IAM}/organizations`, ok(created));
});
afterEach(() => server.close());

async function fillAndSubmit(user: UserEvent) {
  const form = await screen.findByTestId('admin-org-form');
  await user.type(within(form).getByLabelText('Name'), 'acme');
  await user.type(within(form).getByLabelText('Alias'), 'acme-corp');
  await user.type(within(form).getByLabelText('Contact'), 'Ann');
  await user.type(within(form).getByLabelText('Contact email'), 'ann@acme.io{Enter}');
}

describe('organization form', () => {
  it('requires name, alias, contact and email, and checks the email on blur', async () => {
    const user = userEvent.setup();
    renderAdminRoutes(
      [{ path: '/admin/organization/add', element: <OrganizationCreatePage /> }],
      '/admin/organization/add',
      server,
    );
    const form = await screen.findByTestId('admin-org-form');

    expect(screen.getByRole('heading', { name: 'Create organization' })).toBeDefined();
    expect(
      within(form).getAllByPlaceholderText('Lowercase letters, digits and dashes are allowed'),
    ).toEqual([within(form).getByLabelText('Name'), within(form).getByLabelText('Alias')]);

    await user.type(within(form).getByLabelText('Contact email'), 'ann@');
    await user.tab();
    expect(await within(form).findByText('Please enter a valid email address')).toBeDefined();

    await user.type(within(form).getByLabelText('Name'), 'Acme_1');
    await user.click(within(form).getByRole('button', { name: 'Submit' }));
    expect(
      await within(form).findByText('Only lowercase letters, digits and dashes are allowed'),
    ).toBeDefined();
    expect(await within(form).findByText('Please enter the alias')).toBeDefined();
    expect(await within(form).findByText('Please enter the contact')).toBeDefined();

    await user.clear(within(form).getByLabelText('Name'));
    await user.clear(within(form).getByLabelText('Contact email'));
    expect(await within(form).findByText('Please enter the organization name')).toBeDefined();
    expect(await within(form).findByText('Please enter the contact email')).toBeDefined();
    expect(server.requests).toEqual([]);
  });
});

describe('after creating an organization', () => {
  it('goes to /admin/organization and reloads the organization list by default', async () => {
    let organizations: OrgView[] = [];
    server.respond(ORGS, () => ok({ items: organizations, total: organizations.length }));
    server.respond(`POST ${IAM}/organizations`, () => {
      organizations = [created];
      return ok(created);
    });
    const user = userEvent.setup();
    const { router } = renderAdminRoutes(
      [
        { path: '/admin/organization', element: <OrganizationsPage /> },
        { path: '/admin/organization/add', element: <OrganizationCreatePage /> },
      ],
      '/admin/organization',
      server,
    );
    expect(await screen.findByText('No organizations')).toBeDefined();

    await user.click(screen.getByRole('button', { name: /Create organization/ }));
    await fillAndSubmit(user);

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/organization'));
    const table = await screen.findByTestId('admin-orgs-table');
    expect(await within(table).findByText('acme-corp')).toBeDefined();
    expect(requestLines(server)).toEqual([
      `GET ${ORGS}`,
      `POST ${IAM}/organizations`,
      `GET ${ORGS}`,
    ]);
    expect(server.requests[1]?.body).toEqual({
      name: 'acme',
      cnName: 'acme-corp',
      contact: 'Ann',
      email: 'ann@acme.io',
      description: '',
      monitorKey: '',
      monitorValue: '',
    });
  });

  it('runs the caller’s onSubmitted instead, with the new organization', async () => {
    const onSubmitted = vi.fn<(organization: OrgView) => void>();
    const user = userEvent.setup();
    const { router } = renderAdminRoutes(
      [
        {
          path: '/join',
          element: <OrganizationCreatePage onSubmitted={onSubmitted} />,
        },
      ],
      '/join',
      server,
    );

    const submit = await screen.findByRole('button', { name: 'Submit' });
    await fillAndSubmit(user);

    await waitFor(() => expect(onSubmitted).toHaveBeenCalledWith(created));
    expect(router.state.location.pathname).toBe('/join');
    await waitFor(() => expect(submit.className).not.toContain('ant-btn-loading'));
  });
});

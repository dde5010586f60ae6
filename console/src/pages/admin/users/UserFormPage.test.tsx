import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  API,
  chooseOption,
  IAM,
  ok,
  ORG_ID,
  page,
  renderAdminRoutes,
} from '../../../../tests/adminTestBed';
import { startLoopbackServer, type LoopbackServer } from '../../../../tests/loopbackServer';
import UserFormPage from './UserFormPage';

let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackServer();
  server.respond(`${IAM}/organizations/${ORG_ID}/groups?page=1&pageSize=100`, {
    ...ok(page([{ uuid: 'g-1', name: 'devs', description: '', userIds: [], providers: [] }])),
  });
  server.respond(`${IAM}/organizations/${ORG_ID}/roles?page=1&pageSize=100`, {
    ...ok(page([{ uuid: 'r-dev', name: 'developer', builtIn: true, permissions: [] }])),
  });
  server.respond(`${API}/manage.nimbus.io/organizations/${ORG_ID}/providers?page=1&pageSize=100`, {
    ...ok({ items: [{ cluster: 'cluster-a', name: 'cluster-a' }] }),
  });
});
afterEach(() => server.close());

const renderForm = (path = '/admin/user/add') =>
  renderAdminRoutes(
    [
      { path: '/admin/user/add', element: <UserFormPage /> },
      { path: '/admin/user', element: <h1>user list</h1> },
    ],
    path,
    server,
  );

describe('user form validation', () => {
  it('shows the SPEC messages word for word', async () => {
    const user = userEvent.setup();
    renderForm();
    const form = await screen.findByTestId('admin-user-form');

    await user.click(within(form).getByRole('button', { name: 'Submit' }));
    expect(await within(form).findByText('Please enter your user name')).toBeDefined();
    expect(within(form).getByText('Please enter your email')).toBeDefined();
    expect(
      within(form).getByText(
        'At least 6 digits in length as well as number and lowercase letters are required',
      ),
    ).toBeDefined();
    expect(within(form).getByText('Please confirm password')).toBeDefined();

    await user.type(screen.getByTestId('user-form-name'), 'Alice_Smith');
    await user.type(screen.getByTestId('user-form-email'), 'not-an-email');
    await user.type(screen.getByTestId('user-form-password'), 'abcdef');
    await user.type(screen.getByTestId('user-form-confirm'), 'abcdeg{Enter}');

    expect(await within(form).findByText('Incorrect format, please re-enter')).toBeDefined();
    expect(within(form).getByText('Please enter a valid email address')).toBeDefined();
    expect(
      within(form).getByText(
        'At least 6 digits in length as well as number and lowercase letters are required',
      ),
    ).toBeDefined();
    expect(await within(form).findByText('Unmatched password')).toBeDefined();
    expect(server.requests.filter((request) => request.method === 'POST')).toEqual([]);
  });
});

describe('creating a user', () => {
  it('posts the organization, admin flag, groups and cluster roles with effect Allow', async () => {
    server.respond(`POST ${IAM}/users`, ok({ uuid: 'u-9', userName: 'alice' }));
    const user = userEvent.setup();
    const { router } = renderForm();
    const form = await screen.findByTestId('admin-user-form');

    await user.type(within(form).getByLabelText('User name'), 'alice');
    await user.type(within(form).getByLabelText('Email'), 'alice@example.com');
    await user.type(within(form).getByLabelText('Password'), 'secret1');
    await user.type(within(form).getByLabelText('Confirm password'), 'secret1');
    await user.click(within(screen.getByTestId('user-form-org-admin')).getByLabelText('YES'));
    await chooseOption(user, within(form).getByLabelText('User groups'), 'devs');
    const rows = screen.getByTestId('user-form-cluster-rows');
    await user.click(await within(rows).findByRole('button', { name: /Add cluster permission/ }));
    await chooseOption(user, within(rows).getByLabelText('Cluster 1'), 'cluster-a');
    await chooseOption(user, within(rows).getByLabelText('Role on cluster 1'), 'developer');
    await user.click(within(form).getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/user'));
    const posted = server.requests.find((request) => request.method === 'POST');
    expect(posted?.path).toBe(`${IAM}/users`);
    expect(posted?.body).toEqual({
      userName: 'alice',
      name: 'alice',
      email: 'alice@example.com',
      password: 'secret1',
      organizationId: ORG_ID,
      isAdmin: true,
      groupIds: ['g-1'],
      providers: [{ cluster: 'cluster-a', roleId: 'r-dev', effect: 'Allow' }],
    });
  });

  it('edits a user with the name fixed and sends a general update', async () => {
    server.respond(
      `${IAM}/users/bob`,
      ok({
        uuid: 'u-2',
        userName: 'bob',
        name: 'Bob',
        email: 'bob@example.com',
        organizations: [{ uuid: ORG_ID, name: 'acme', cnName: 'acme', adminFlag: false }],
        providers: [
          { cluster: 'cluster-a', roleId: 'r-dev', roleName: 'developer', effect: 'Deny' },
          // A binding on another organization's cluster: not offered here, kept as it is.
          { cluster: 'globex-prod', roleId: 'r-dev', roleName: 'developer', effect: 'Allow' },
        ],
        groupUserBindings: [{ uuid: 'g-1', name: 'devs' }],
      }),
    );
    server.respond(`PUT ${IAM}/users`, ok({ uuid: 'u-2', userName: 'bob' }));
    const user = userEvent.setup();
    const { router } = renderForm('/admin/user/add?edit=bob');

    const name = await screen.findByTestId('user-form-name');
    expect(name).toHaveProperty('value', 'bob');
    expect(name).toHaveProperty('disabled', true);
    expect(screen.queryByTestId('user-form-password')).toBeNull();
    const email = screen.getByTestId('user-form-email');
    await user.clear(email);
    await user.type(email, 'robert@example.com{Enter}');

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/user'));
    expect(server.requests.find((request) => request.method === 'PUT')?.body).toEqual({
      userName: 'bob',
      name: 'Bob',
      email: 'robert@example.com',
      organizationId: ORG_ID,
      isAdmin: false,
      groupIds: ['g-1'],
      providers: [
        { cluster: 'cluster-a', roleId: 'r-dev', effect: 'Deny' },
        { cluster: 'globex-prod', roleId: 'r-dev', effect: 'Allow' },
      ],
      updateType: 'general',
    });
    expect(screen.queryByText('globex-prod')).toBeNull();
  });
});

describe('choosing user groups', () => {
  it('finds a group beyond the first page by asking the server, and names the groups the user is in', async () => {
    server.respond(
      `${IAM}/users/bob`,
      ok({
        uuid: 'u-2',
        userName: 'bob',
        name: 'Bob',
        email: 'bob@example.com',
        organizations: [{ uuid: ORG_ID, name: 'acme', cnName: 'acme', adminFlag: false }],
        providers: [],
        // Not on the groups' first page: named from the user's own bindings.
        groupUserBindings: [{ uuid: 'g-500', name: 'far-away' }],
      }),
    );
    server.respond(
      `${IAM}/organizations/${ORG_ID}/groups?page=1&pageSize=100&search=zed`,
      ok(page([{ uuid: 'g-999', name: 'zed-team', description: '', userIds: [], providers: [] }])),
    );
    server.respond(`PUT ${IAM}/users`, ok({ uuid: 'u-2', userName: 'bob' }));
    const user = userEvent.setup();
    renderForm('/admin/user/add?edit=bob');

    const form = await screen.findByTestId('admin-user-form');
    expect(await within(form).findByTitle('far-away')).toBeTruthy();
    const groups = within(form).getByLabelText('User groups');
    await user.type(groups, 'zed');
    await chooseOption(user, groups, 'zed-team');
    await user.click(within(form).getByRole('button', { name: 'Submit' }));

    await waitFor(() =>
      expect(server.requests.find((request) => request.method === 'PUT')?.body).toMatchObject({
        groupIds: ['g-500', 'g-999'],
      }),
    );
  });
});

describe("explaining a user's access", () => {
  it('asks the server why and shows the organization, the binding used and the member verdict', async () => {
    server.respond(
      `${IAM}/users/bob`,
      ok({
        uuid: 'u-2',
        userName: 'bob',
        name: 'Bob',
        email: 'bob@example.com',
        organizations: [{ uuid: ORG_ID, name: 'acme', cnName: 'acme', adminFlag: false }],
        providers: [],
        groupUserBindings: [],
      }),
    );
    server.respond(`${IAM}/permissions`, {
      ...ok({ items: [{ name: 'node:cordon', group: 'node', description: 'Cordon' }], total: 1 }),
    });
    server.respond(
      `${API}/manage.nimbus.io/users/bob/explain?cluster=cluster-a&permission=node%3Acordon`,
      ok({
        user: 'bob',
        cluster: 'cluster-a',
        organization: 'acme',
        permission: 'node:cordon',
        memberOfOrganization: true,
        chosen: 'groups',
        groups: ['devs'],
        bindings: [
          {
            source: { kind: 'group', name: 'devs' },
            role: 'developer',
            effect: 'Allow',
            usable: true,
            permission: 'absent',
          },
        ],
        effect: 'Allow',
        allowedByRoles: false,
        allowed: false,
        reason: 'not-granted',
        member: {
          status: 'answered',
          principal: 'nimbus:bob',
          allowed: false,
          checks: [{ group: '', resource: 'nodes', verb: 'patch', allowed: false, reason: '' }],
        },
      }),
    );
    const user = userEvent.setup();
    renderForm('/admin/user/add?edit=bob');

    const panel = await screen.findByTestId('explain-access-panel');
    await chooseOption(user, within(panel).getByLabelText('Cluster'), 'cluster-a');
    // The console words the catalogue itself (the server's 'Cordon' is only the fallback).
    await chooseOption(
      user,
      within(panel).getByLabelText('Permission'),
      'node:cordon — Pause and resume scheduling on nodes',
    );
    await user.click(within(panel).getByRole('button', { name: 'Explain' }));

    const answer = await within(panel).findByTestId('access-explanation');
    expect(within(answer).getByText('Nimbus refuses it')).toBeDefined();
    expect(within(answer).getByTestId('access-explanation-reason').textContent).toBe(
      'None of the roles bound to bob on cluster-a allows node:cordon.',
    );
    expect(within(answer).getByText('Groups of the organization: devs')).toBeDefined();
    expect(within(answer).getByText('Group devs')).toBeDefined();
    expect(
      within(answer).getByText("The member cluster's own verdict for nimbus:bob"),
    ).toBeDefined();
    expect(within(answer).getByText("The member's RBAC refuses it")).toBeDefined();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ALICE_SESSION,
  IAM,
  ok,
  organization,
  requestsTo,
  serveSignedInUser,
  type SignedInFixture,
} from '../../tests/fakeIdentityApi';
import { startLoopbackServer, type LoopbackServer } from '../../tests/loopbackServer';
import { renderApp } from '../../tests/renderApp';
import { readSession, saveSession } from '../session/session';

let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackServer();
});
afterEach(() => server.close());

function openHome(fixture: SignedInFixture = {}) {
  saveSession(ALICE_SESSION);
  serveSignedInUser(server, { organizations: [organization('acme')], ...fixture });
  return renderApp('/home', { apiOrigin: server.origin });
}

async function openSettings() {
  const user = userEvent.setup();
  await user.click(await screen.findByTestId('header-user-menu'));
  await user.click(await screen.findByTestId('user-menu-settings'));
  return { user, dialog: await screen.findByTestId('personal-settings-dialog') };
}

describe('personal settings', () => {
  it('offers basic, password and AK/SK tabs, and MFA only when the system enables it', async () => {
    openHome();
    const { dialog } = await openSettings();

    for (const tab of ['basic', 'password', 'aksk']) {
      expect(within(dialog).getByTestId(`settings-tab-${tab}`)).toBeDefined();
    }
    expect(within(dialog).queryByTestId('settings-tab-mfa')).toBeNull();
    expect(within(dialog).getByLabelText('Email')).toHaveProperty('value', 'alice@example.com');
  });

  it('saves the basic config as a general update and closes', async () => {
    server.respond(`PUT ${IAM}/users`, ok(null));
    openHome();
    const { user, dialog } = await openSettings();

    const name = within(dialog).getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Alice Smith');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByTestId('personal-settings-dialog')).toBeNull());
    expect(requestsTo(server, `PUT ${IAM}/users`)[0]?.body).toEqual({
      userName: 'alice',
      name: 'Alice Smith',
      email: 'alice@example.com',
      updateType: 'general',
    });
  });

  it('checks the new password with the SPEC messages, then changes it and signs in again', async () => {
    server.respond(`PUT ${IAM}/users`, ok(null));
    const { router } = openHome();
    const { user, dialog } = await openSettings();
    await user.click(within(dialog).getByTestId('settings-tab-password'));
    const form = await within(dialog).findByTestId('settings-password-form');

    await user.type(within(form).getByLabelText('New password'), 'abcdef');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText('Please enter your current password')).toBeDefined();
    expect(
      await within(form).findByText(
        'At least 6 digits in length as well as number and lowercase letters are required',
      ),
    ).toBeDefined();

    await user.type(within(form).getByLabelText('Current password'), 'old-pass1');
    await user.clear(within(form).getByLabelText('New password'));
    await user.type(within(form).getByLabelText('New password'), 'new-pass1');
    await user.type(within(form).getByLabelText('Confirm password'), 'new-pass2{Enter}');
    expect(await within(form).findByText('Unmatched password')).toBeDefined();

    await user.clear(within(form).getByLabelText('Confirm password'));
    await user.type(within(form).getByLabelText('Confirm password'), 'new-pass1{Enter}');

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(screen.queryByTestId('personal-settings-dialog')).toBeNull();
    expect(requestsTo(server, `PUT ${IAM}/users`)[0]?.body).toEqual({
      userName: 'alice',
      oldPassword: 'old-pass1',
      password: 'new-pass1',
      verifyPassword: 'new-pass1',
      updateType: 'password',
    });
    expect(readSession()).toEqual({});
  });

  it('resets the AK/SK, shows the pair once with copy buttons and reloads the user', async () => {
    server.respond(`PUT ${IAM}/users`, ok({ accessKey: 'AK123', secretKey: 'SK-secret' }));
    openHome();
    const { user, dialog } = await openSettings();
    await user.click(within(dialog).getByTestId('settings-tab-aksk'));
    await user.click(await within(dialog).findByTestId('aksk-reset'));

    const keys = await screen.findByTestId('aksk-dialog');
    expect(within(keys).getByTestId('aksk-access-key').textContent).toBe('AK123');
    expect(within(keys).getByTestId('aksk-secret-key').textContent).toBe('SK-secret');
    expect(within(keys).getByTestId('aksk-secret-key-copy')).toBeDefined();
    expect(requestsTo(server, `PUT ${IAM}/users`)[0]?.body).toEqual({
      userName: 'alice',
      updateType: 'secretKey',
    });
    await waitFor(() => expect(requestsTo(server, `GET ${IAM}/users/alice`)).toHaveLength(2));
    expect(screen.getByTestId('personal-settings-dialog')).toBeDefined();
  });

  it('opens on the change-password tab when the password must be changed', async () => {
    openHome({ user: { mustChangePassword: true } });

    const dialog = await screen.findByTestId('personal-settings-dialog');
    expect(await within(dialog).findByTestId('settings-password-form')).toBeDefined();
    expect(screen.queryByTestId('join-org-dialog')).toBeNull();
  });
});

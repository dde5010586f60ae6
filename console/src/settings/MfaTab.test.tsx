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
import { saveSession } from '../session/session';

const QR = 'data:image/png;base64,iVBORw0KGgo=';
const MFA = `${IAM}/users/alice/mfa`;

let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackServer();
  saveSession(ALICE_SESSION);
});
afterEach(() => server.close());

it('opens on the MFA tab when the system requires MFA, and binds with the QR code', async () => {
  serveSignedInUser(server, { organizations: [organization('acme')], configs: { MFA: true } });
  server.respond(`PUT ${MFA}`, (request) =>
    (request.body as { action: string }).action === 'generate'
      ? ok({ qrImage: QR, otpauthUrl: 'otpauth://totp/nimbus:alice' })
      : ok(null),
  );
  renderApp('/home', { apiOrigin: server.origin });

  const dialog = await screen.findByTestId('personal-settings-dialog');
  const qr = await within(dialog).findByTestId('mfa-qr');
  expect(qr.getAttribute('src')).toBe(QR);
  expect(within(dialog).queryByRole('button', { name: /save|submit/i })).toBeNull();

  await userEvent.setup().type(within(dialog).getByTestId('mfa-code-input'), '123456');

  await waitFor(() =>
    expect(requestsTo(server, `PUT ${MFA}`).map((request) => request.body)).toEqual([
      { action: 'generate' },
      { action: 'bind', code: '123456' },
    ]),
  );
});

it('does not ask a user of an identity provider to bind Nimbus MFA', async () => {
  serveSignedInUser(server, {
    organizations: [organization('acme')],
    configs: { MFA: true },
    user: { identityProvider: 'corp' },
  });
  renderApp('/home', { apiOrigin: server.origin });
  await screen.findByTestId('header-user-menu');
  await waitFor(() => expect(requestsTo(server, `GET ${IAM}/users/alice`)).not.toEqual([]));
  expect(screen.queryByTestId('personal-settings-dialog')).toBeNull();
  expect(requestsTo(server, `PUT ${MFA}`)).toEqual([]);
});

it('unbinds MFA with a code and closes the dialog', async () => {
  serveSignedInUser(server, {
    organizations: [organization('acme')],
    configs: { MFA: true },
    user: { mfaEnableFlag: true },
  });
  server.respond(`DELETE ${MFA}`, ok(null));
  renderApp('/home', { apiOrigin: server.origin });
  const user = userEvent.setup();

  // Bound already, so the dialog does not open by itself.
  await user.click(await screen.findByTestId('header-user-menu'));
  await user.click(await screen.findByTestId('user-menu-settings'));
  const dialog = await screen.findByTestId('personal-settings-dialog');
  await user.click(within(dialog).getByTestId('settings-tab-mfa'));
  await user.type(await within(dialog).findByTestId('mfa-code-input'), '654321');

  await waitFor(() => expect(screen.queryByTestId('personal-settings-dialog')).toBeNull());
  expect(requestsTo(server, `DELETE ${MFA}`)[0]?.body).toEqual({ code: '654321' });
  expect(requestsTo(server, `PUT ${MFA}`)).toEqual([]);
});

it('asks once per page load: leaving the shell for a log screen and coming back asks no more', async () => {
  serveSignedInUser(server, { organizations: [organization('acme')], configs: { MFA: true } });
  server.respond(`PUT ${MFA}`, () =>
    ok({ qrImage: QR, otpauthUrl: 'otpauth://totp/nimbus:alice' }),
  );
  const { router } = renderApp('/home', { apiOrigin: server.origin });
  await screen.findByTestId('mfa-qr');
  await userEvent.setup().keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByTestId('mfa-qr')).toBeNull());

  // The log screen is drawn without the shell; the shell is drawn anew on the way back.
  await router.navigate('/logs/web-1/app?cluster=c1&namespace=demo');
  await waitFor(() => expect(screen.queryByTestId('header-user-menu')).toBeNull());
  await router.navigate('/home');
  await screen.findByTestId('header-user-menu');
  await waitFor(() =>
    expect(requestsTo(server, `GET ${IAM}/users/alice`).length).toBeGreaterThan(0),
  );
  expect(screen.queryByTestId('personal-settings-dialog')).toBeNull();
  expect(requestsTo(server, `PUT ${MFA}`)).toHaveLength(1);
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH, failure, ok, requestsTo, SYSTEM } from '../../../tests/fakeIdentityApi';
import { startLoopbackServer, type LoopbackServer } from '../../../tests/loopbackServer';
import { renderWithProviders } from '../../../tests/renderWithProviders';
import { registerThroughForm } from '../../../tests/signInForms';
import { pageReload } from '../../lib/pageReload';
import { readSession } from '../../session/session';
import LoginPage from './LoginPage';

let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackServer();
  server.respond(`${SYSTEM}/version`, ok('0.1.0'));
});
afterEach(async () => {
  document.cookie = 'language=; path=/; max-age=0';
  await server.close();
});

function renderLoginPage() {
  const router = createMemoryRouter(
    [
      { path: '/login', Component: LoginPage },
      { path: '/home', element: <h1>Home page</h1> },
    ],
    { initialEntries: ['/login'] },
  );
  renderWithProviders(<RouterProvider router={router} />, { apiOrigin: server.origin });
  return router;
}

const signedIn = { token: 'tok', userId: 'u-1', userName: 'alice', expiresAt: '2030-01-01' };

describe('login page', () => {
  it('shows the heading, the form, the language selector and the server version', async () => {
    renderLoginPage();

    expect(await screen.findByRole('heading', { name: 'Sign in to Nimbus' })).toBeDefined();
    expect(screen.getByTestId('login-form')).toBeDefined();
    expect(screen.getByTestId('language-select')).toBeDefined();
    expect((await screen.findByTestId('app-version')).textContent).toBe('Version 0.1.0');
  });

  it('validates on Enter with the SPEC messages', async () => {
    const user = userEvent.setup();
    renderLoginPage();

    await user.type(await screen.findByLabelText('Password'), '{Enter}');

    expect(await screen.findByText('Please enter your user name')).toBeDefined();
    expect(
      screen.getByText(
        'At least 6 digits in length as well as number and lowercase letters are required',
      ),
    ).toBeDefined();

    await user.type(screen.getByLabelText('User name'), 'Alice_Smith');
    await user.type(screen.getByLabelText('Password'), 'abcdef{Enter}');

    expect(await screen.findByText('Incorrect format, please re-enter')).toBeDefined();
  });

  it('signs in, stores user name and user id but not the token, and goes home', async () => {
    server.respond(`POST ${AUTH}/login`, ok(signedIn));
    const user = userEvent.setup();
    const router = renderLoginPage();

    await user.type(await screen.findByLabelText('User name'), 'alice');
    await user.type(screen.getByLabelText('Password'), 'secret1{Enter}');

    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeDefined();
    expect(router.state.location.pathname).toBe('/home');
    expect(readSession()).toEqual({ userName: 'alice', userId: 'u-1' });
    // The token stays in the HttpOnly cookie; nothing script can read holds it.
    expect(Object.values({ ...localStorage })).not.toContain('tok');
    const [login] = requestsTo(server, `POST ${AUTH}/login`);
    expect(login?.body).toEqual({ userName: 'alice', password: 'secret1' });
    // State-changing requests carry the header a cross-site form cannot send.
    expect(login?.headers['x-nimbus-requested-with']).toBe('nimbus-console');
    expect(requestsTo(server, `GET ${SYSTEM}/version`)[0]?.headers).not.toHaveProperty(
      'x-nimbus-requested-with',
    );
  });

  it('asks for the MFA code when the server answers 1008, then signs in with it', async () => {
    server.respond(`POST ${AUTH}/login`, (request) =>
      (request.body as { mfaCode?: string }).mfaCode === '123456'
        ? ok(signedIn)
        : failure(1008, 'MFA code required', 401),
    );
    const user = userEvent.setup();
    renderLoginPage();

    expect(screen.queryByTestId('login-mfa-code')).toBeNull();
    await user.type(await screen.findByLabelText('User name'), 'alice');
    await user.type(screen.getByLabelText('Password'), 'secret1{Enter}');

    const code = await screen.findByTestId('login-mfa-code');
    await user.type(code, '{Enter}');
    expect(await screen.findByText('Please enter the MFA code')).toBeDefined();
    await user.type(code, '123456{Enter}');

    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeDefined();
    expect(requestsTo(server, `POST ${AUTH}/login`).map((request) => request.body)).toEqual([
      { userName: 'alice', password: 'secret1' },
      { userName: 'alice', password: 'secret1', mfaCode: '123456' },
    ]);
    expect(readSession()).toEqual({ userName: 'alice', userId: 'u-1' });
  });

  it('explains bad credentials itself and stays on the page', async () => {
    server.respond(`POST ${AUTH}/login`, failure(1007, 'Incorrect user name or password', 401));
    const user = userEvent.setup();
    const router = renderLoginPage();

    await user.type(await screen.findByLabelText('User name'), 'alice');
    await user.type(screen.getByLabelText('Password'), 'secret1{Enter}');

    expect((await screen.findByTestId('login-failure')).textContent).toContain(
      'Incorrect user name or password',
    );
    expect(router.state.location.pathname).toBe('/login');
    expect(readSession()).toEqual({});
  });

  it('validates the register form with the SPEC messages', async () => {
    const user = userEvent.setup();
    renderLoginPage();

    await user.click(await screen.findByRole('tab', { name: 'Register' }));
    const form = await screen.findByTestId('register-form');
    await user.type(within(form).getByLabelText('User name'), 'Bob');
    await user.type(within(form).getByLabelText('Email'), 'bob@');
    await user.type(within(form).getByLabelText('Password'), 'abcdef');
    await user.click(within(form).getByRole('button', { name: 'Register' }));

    expect(await within(form).findByText('Incorrect format, please re-enter')).toBeDefined();
    expect(await within(form).findByText('Please enter a valid email address')).toBeDefined();
    expect(
      await within(form).findByText(
        'At least 6 digits in length as well as number and lowercase letters are required',
      ),
    ).toBeDefined();
    expect(requestsTo(server, `POST ${AUTH}/register`)).toEqual([]);
  });

  it('asks to confirm the password on the register form', async () => {
    const user = userEvent.setup();
    renderLoginPage();

    await user.click(await screen.findByRole('tab', { name: 'Register' }));
    const form = await screen.findByTestId('register-form');
    await user.type(within(form).getByLabelText('Password'), 'abc123');
    await user.click(within(form).getByRole('button', { name: 'Register' }));
    expect(await within(form).findByText('Please confirm password')).toBeDefined();

    await user.type(within(form).getByLabelText('Confirm password'), 'abc124{Enter}');
    expect(await within(form).findByText('Unmatched password')).toBeDefined();
    expect(requestsTo(server, `POST ${AUTH}/register`)).toEqual([]);
  });

  it('registers, then signs in with the new account', async () => {
    server.respond(`POST ${AUTH}/register`, ok({ uuid: 'u-2', userName: 'bob' }));
    server.respond(`POST ${AUTH}/login`, ok({ ...signedIn, userId: 'u-2', userName: 'bob' }));
    const user = userEvent.setup();
    renderLoginPage();

    await registerThroughForm(user, 'bob', 'abc123');

    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeDefined();
    expect(requestsTo(server, `POST ${AUTH}/register`)[0]?.body).toEqual({
      userName: 'bob',
      email: 'bob@example.com',
      password: 'abc123',
      verifyPassword: 'abc123',
    });
    await waitFor(() => expect(readSession().userName).toBe('bob'));
  });

  it('switches the language through the cookie and a reload', async () => {
    const reload = vi.spyOn(pageReload, 'reload').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderLoginPage();

    await user.selectOptions(
      within(await screen.findByTestId('language-select')).getByRole('combobox'),
      await screen.findByRole('option', { name: '日本語' }),
    );

    expect(document.cookie).toContain('language=ja');
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startLoopbackServer, type LoopbackServer } from '../../../tests/loopbackServer';
import { renderWithProviders } from '../../../tests/renderWithProviders';
import { pageReload } from '../../lib/pageReload';
import LoginPage from './LoginPage';

let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackServer();
  server.respond('/api/v1/system.nimbus.io/version', {
    body: { code: 0, message: 'success', data: '0.1.0' },
  });
});
afterEach(async () => {
  document.cookie = 'language=; path=/; max-age=0';
  await server.close();
});

const renderLoginPage = () => renderWithProviders(<LoginPage />, { apiOrigin: server.origin });

describe('login page', () => {
  it('shows the heading, the form, the language selector and the server version', async () => {
    renderLoginPage();

    expect(screen.getByRole('heading', { name: 'Sign in to Nimbus' })).toBeDefined();
    expect(screen.getByTestId('login-form')).toBeDefined();
    expect(screen.getByTestId('language-select')).toBeDefined();
    expect((await screen.findByTestId('app-version')).textContent).toBe('Version 0.1.0');
    expect(server.requests.map((request) => request.path)).toContain(
      '/api/v1/system.nimbus.io/version',
    );
  });

  it('validates on Enter with the SPEC messages', async () => {
    const user = userEvent.setup();
    renderLoginPage();

    await user.type(screen.getByLabelText('Password'), '{Enter}');

    expect(await screen.findByText('Please enter your user name')).toBeDefined();
    expect(
      screen.getByText(
        'At least 6 digits in length as well as number and lowercase letters are required',
      ),
    ).toBeDefined();

    await user.type(screen.getByLabelText('User name'), 'Alice_Smith');
    await user.type(screen.getByLabelText('Password'), 'abcdef{Enter}');

    expect(await screen.findByText('Incorrect format, please re-enter')).toBeDefined();
    expect(
      screen.getByText(
        'At least 6 digits in length as well as number and lowercase letters are required',
      ),
    ).toBeDefined();
  });

  it('asks to confirm the password on the register form', async () => {
    const user = userEvent.setup();
    renderLoginPage();

    await user.click(screen.getByRole('tab', { name: 'Register' }));
    const form = await screen.findByTestId('register-form');
    await user.type(within(form).getByLabelText('Password'), 'abc123');
    await user.click(within(form).getByRole('button', { name: 'Register' }));
    expect(await within(form).findByText('Please confirm password')).toBeDefined();

    await user.type(within(form).getByLabelText('Confirm password'), 'abc124{Enter}');
    expect(await within(form).findByText('Unmatched password')).toBeDefined();
  });

  it('switches the language through the cookie and a reload', async () => {
    const reload = vi.spyOn(pageReload, 'reload').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderLoginPage();

    await user.click(within(screen.getByTestId('language-select')).getByRole('combobox'));
    await user.click(await screen.findByRole('option', { name: '日本語' }));

    expect(document.cookie).toContain('language=ja');
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

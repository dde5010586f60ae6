import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../tests/renderWithProviders';
import { LoginForm, type SignInValues } from './LoginForm';

it('submits valid credentials with the Enter key', async () => {
  const onSubmit = vi.fn<(values: SignInValues) => void>();
  const user = userEvent.setup();
  renderWithProviders(<LoginForm onSubmit={onSubmit} />);

  await user.type(screen.getByLabelText('User name'), 'alice.smith');
  await user.type(screen.getByLabelText('Password'), 'secret1{Enter}');

  await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
  expect(onSubmit).toHaveBeenCalledWith({ userName: 'alice.smith', password: 'secret1' });
});

it('ties each message to its field and focuses the first field in error', async () => {
  const onSubmit = vi.fn<(values: SignInValues) => void>();
  const user = userEvent.setup();
  renderWithProviders(<LoginForm onSubmit={onSubmit} />);

  await user.type(screen.getByLabelText('Password'), 'secret1');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));

  const userName = screen.getByLabelText('User name');
  expect(document.activeElement).toBe(userName);
  expect(userName.getAttribute('aria-invalid')).toBe('true');
  const message = document.getElementById(userName.getAttribute('aria-describedby') ?? '');
  expect(message?.textContent).toBe('Please enter your user name');
  expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('false');
  expect(onSubmit).not.toHaveBeenCalled();
});

it('shows the password on demand', async () => {
  const user = userEvent.setup();
  renderWithProviders(<LoginForm onSubmit={vi.fn()} />);
  const password = screen.getByLabelText('Password');
  const show = screen.getByRole('button', { name: 'Show' });
  expect(password.getAttribute('type')).toBe('password');

  await user.click(show);
  expect(password.getAttribute('type')).toBe('text');
  expect(show.getAttribute('aria-pressed')).toBe('true');
  await user.click(show);
  expect(password.getAttribute('type')).toBe('password');
});

it('takes no second submit while one is under way', async () => {
  const onSubmit = vi.fn<(values: SignInValues) => void>();
  const user = userEvent.setup();
  renderWithProviders(<LoginForm onSubmit={onSubmit} submitting />);

  await user.type(screen.getByLabelText('User name'), 'alice');
  await user.type(screen.getByLabelText('Password'), 'secret1{Enter}');

  expect(onSubmit).not.toHaveBeenCalled();
  expect(screen.getByRole('button', { name: 'Sign in' }).getAttribute('aria-busy')).toBe('true');
});

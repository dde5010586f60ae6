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

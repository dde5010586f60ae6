import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/** Registers `userName` (email userName@example.com) through the sign-in screen's register tab. */
export async function registerThroughForm(user: UserEvent, userName: string, password: string) {
  await user.click(await screen.findByRole('tab', { name: 'Register' }));
  const form = await screen.findByTestId('register-form');
  await user.type(within(form).getByLabelText('User name'), userName);
  await user.type(within(form).getByLabelText('Email'), `${userName}@example.com`);
  await user.type(within(form).getByLabelText('Password'), password);
  await user.type(within(form).getByLabelText('Confirm password'), `${password}{Enter}`);
}

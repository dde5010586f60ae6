import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../tests/renderWithProviders';
import { DeleteConfirmDialog } from './DeleteConfirmDialog';

function renderDialog(onConfirm: () => Promise<unknown>) {
  const onClose = vi.fn<() => void>();
  renderWithProviders(
    <DeleteConfirmDialog
      name="team-a"
      title="Delete user group team-a"
      onConfirm={onConfirm}
      onClose={onClose}
    />,
  );
  const dialog = screen.getByRole('dialog', { name: 'Delete user group team-a' });
  const input = within(dialog).getByTestId('delete-confirm-input');
  const confirm = within(dialog).getByRole('button', { name: 'Delete' });
  return { dialog, input, confirm, onClose };
}

it('enables Delete only once the exact name is typed', async () => {
  const onConfirm = vi.fn(() => Promise.resolve());
  const user = userEvent.setup();
  const { input, confirm, onClose } = renderDialog(onConfirm);

  expect(screen.getByLabelText('Type team-a to confirm')).toBe(input);
  expect(confirm).toHaveProperty('disabled', true);
  for (const wrong of ['team', 'Team-a', 'team-a ']) {
    await user.clear(input);
    await user.type(input, wrong);
    expect(confirm).toHaveProperty('disabled', true);
    await user.keyboard('{Enter}');
  }
  expect(onConfirm).not.toHaveBeenCalled();

  await user.clear(input);
  await user.type(input, 'team-a');
  expect(confirm).toHaveProperty('disabled', false);
  await user.click(confirm);

  await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  expect(onConfirm).toHaveBeenCalledTimes(1);
});

it('confirms with Enter and stays open when the deletion fails', async () => {
  const onConfirm = vi.fn(() => Promise.reject(new Error('refused')));
  const user = userEvent.setup();
  const { input, onClose } = renderDialog(onConfirm);

  await user.type(input, 'team-a{Enter}');

  await waitFor(() => expect(onConfirm).toHaveBeenCalledTimes(1));
  expect(onClose).not.toHaveBeenCalled();
  expect(screen.getByRole('dialog')).toBeDefined();
});

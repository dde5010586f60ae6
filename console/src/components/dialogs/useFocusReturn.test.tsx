import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Modal } from 'antd';
import { useState } from 'react';
import { expect, it } from 'vitest';
import { renderWithProviders } from '../../../tests/renderWithProviders';
import { useFocusReturn, useFocusReturnWhile } from './useFocusReturn';

/** A dialog drawn only while open, as ResourceActions and the header's search draw theirs. */
function OpensAndUnmounts() {
  const [open, setOpen] = useState(false);
  const focus = useFocusReturn();
  return (
    <>
      <Button
        onClick={() => {
          focus.remember();
          setOpen(true);
        }}
      >
        Open
      </Button>
      <Button>Elsewhere</Button>
      {open && (
        <Modal
          open
          title="Dialog"
          onCancel={() => {
            setOpen(false);
            focus.giveBack();
          }}
        >
          Body
        </Modal>
      )}
    </>
  );
}

it('gives focus back to the opener of a dialog that unmounts as it closes', async () => {
  const user = userEvent.setup();
  renderWithProviders(<OpensAndUnmounts />);
  const opener = screen.getByRole('button', { name: 'Open' });
  opener.focus();
  await user.keyboard('{Enter}');
  const dialog = await screen.findByRole('dialog', { name: 'Dialog' });
  // antd moves focus in at the end of its opening motion, which jsdom does not run.
  within(dialog).getByRole('button', { name: 'Close' }).focus();
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  await waitFor(() => expect(document.activeElement).toBe(opener));
});

it('leaves focus where the user moved it', async () => {
  const user = userEvent.setup();
  renderWithProviders(<OpensAndUnmounts />);
  const opener = screen.getByRole('button', { name: 'Open' });
  opener.focus();
  await user.keyboard('{Enter}');
  await screen.findByRole('dialog', { name: 'Dialog' });
  await user.click(screen.getByRole('button', { name: 'Close' }));
  // The close button's click moved nothing: focus returns. Then the user goes on elsewhere.
  await waitFor(() => expect(document.activeElement).toBe(opener));
  const elsewhere = screen.getByRole('button', { name: 'Elsewhere' });
  elsewhere.focus();
  await user.keyboard('{Enter}');
  expect(document.activeElement).toBe(elsewhere);
});

/** A dialog whose open state lives outside it, as the store opens the shell's dialogs. */
function OpenedFromOutside({ open, onClose }: { open: boolean; onClose: () => void }) {
  useFocusReturnWhile(open);
  return open ? (
    <Modal open title="Settings" onCancel={onClose}>
      Body
    </Modal>
  ) : null;
}

function Shell() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Settings</Button>
      <OpenedFromOutside open={open} onClose={() => setOpen(false)} />
    </>
  );
}

it('gives focus back when the open state lives outside the dialog', async () => {
  const user = userEvent.setup();
  renderWithProviders(<Shell />);
  const opener = screen.getByRole('button', { name: 'Settings' });
  opener.focus();
  await user.keyboard('{Enter}');
  const dialog = await screen.findByRole('dialog', { name: 'Settings' });
  within(dialog).getByRole('button', { name: 'Close' }).focus();
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  await waitFor(() => expect(document.activeElement).toBe(opener));
});

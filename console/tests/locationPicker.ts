import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';
import type { LoopbackServer } from './loopbackServer';

/** The open location cascader's entry whose text starts with `text`. */
export const menuItem = (text: string) =>
  waitFor(() => {
    const item = screen
      .getAllByRole('menuitemcheckbox')
      .find((element) => element.textContent?.startsWith(text));
    if (!item) throw new Error(`no menu item ${text}`);
    return item;
  });

/** Chooses Kubeconfig → local → member-a in the field labelled Location, once clusters loaded. */
export async function chooseMemberA(user: UserEvent, server: LoopbackServer, locations: string) {
  await waitFor(() => expect(server.requests.some((r) => r.path === locations)).toBe(true));
  await user.click(screen.getByLabelText('Location'));
  await user.click(await menuItem('Kubeconfig'));
  await user.click(await menuItem('local'));
  await user.click(await menuItem('member-a'));
}

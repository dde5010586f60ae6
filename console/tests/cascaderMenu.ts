import { screen, waitFor } from '@testing-library/react';

/** The open cascader's entry (vendor, region or cluster) whose text starts with `text`. */
export const menuItem = (text: string) =>
  waitFor(() => {
    const item = screen
      .getAllByRole('menuitemcheckbox')
      .find((element) => element.textContent?.startsWith(text));
    if (!item) throw new Error(`no menu item ${text}`);
    return item;
  });

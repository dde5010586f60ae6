// Steps the e2e journeys share on a workload's detail page and a container's shell, each done as
// a person would (dialogs, the keyboard) and returning once the console shows the outcome.
import type { Page } from 'playwright-core';
import { eventually, onScreen } from './eventually.js';

/** The scale dialog, from the keyboard: replicas typed, Enter applies. */
export async function scaleFromDetail(page: Page, replicas: number): Promise<void> {
  await page.getByTestId('resource-action-scale').click();
  const field = page.getByLabel('Replicas');
  await field.fill(String(replicas));
  await field.press('Enter');
  // The dialog closes only once the server took the new count. A success toast is no sign: an
  // earlier step's toast can still be on screen when this one is waited for.
  await page.getByTestId('scale-ok').waitFor({ state: 'detached' });
}

export async function hotfixImage(page: Page, image: string): Promise<void> {
  await page.getByTestId('resource-action-hotfix').click();
  await page.getByTestId('hotfix-image').fill(image);
  await page.getByTestId('hotfix-ok').click();
}

/** Rolls back once the revisions list shows `shownImage` (the revision to leave). */
export async function rollBackTo(page: Page, revision: number, shownImage: string): Promise<void> {
  await page.getByTestId('workload-revisions').getByText(shownImage).waitFor();
  await page.getByTestId('resource-action-rollback').click();
  await page.getByTestId(`revision-${revision}`).click();
  await page.getByTestId('rollback-ok').click();
}

/** The delete dialog: the name typed, Delete pressed, the kind's list reached. */
export async function deleteByTypingName(page: Page, name: string, kind: string): Promise<void> {
  await page.getByTestId('resource-action-delete').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox').fill(name);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await page.waitForURL(new RegExp(`/list/${kind}`));
}

/**
 * Opens the shell from the pod page (a container's shell link), waits for it to connect, types
 * `command` and answers the terminal's text once it holds `expected`. The command should print
 * something it computes, so the typed text alone cannot pass for the answer.
 */
export async function runInShell(
  page: Page,
  container: string,
  command: string,
  expected: string,
): Promise<string> {
  await page.locator(`a[data-testid="container-shell-${container}"]`).click();
  await page.waitForURL(/\/shell\//);
  const phase = await eventually(
    () => page.getByTestId('shell-state').getAttribute('data-phase'),
    (shown) => shown === 'open',
    { ...onScreen, timeoutMs: 15_000 },
  );
  if (phase !== 'open') throw new Error(`the shell did not open (phase ${phase ?? 'none'})`);
  const terminal = page.getByTestId('shell-terminal');
  await terminal.click();
  await page.keyboard.type(command);
  await page.keyboard.press('Enter');
  return eventually(
    async () => (await terminal.locator('.xterm-rows').textContent()) ?? '',
    (text) => text.includes(expected),
    { ...onScreen, timeoutMs: 15_000 },
  );
}

// Pictures of the console's screens for docs/screenshots/ (`make screenshots`): the end-to-end
// journeys reach every screen with real data, so they take them on the way. In a test run
// NIMBUS_SCREENSHOTS is unset and this does nothing.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';

/** Saves the visible part of `page` as `<NIMBUS_SCREENSHOTS>/<name>.png`, when it is set. */
export async function screenshot(page: Page, name: string): Promise<void> {
  const folder = process.env.NIMBUS_SCREENSHOTS;
  if (!folder) return;
  await mkdir(folder, { recursive: true });
  // Spinners and animations settled, so the picture shows what the user reads.
  await page.waitForFunction(() => !document.querySelector('.ant-spin-spinning'));
  await page.screenshot({ path: join(folder, `${name}.png`), animations: 'disabled' });
}

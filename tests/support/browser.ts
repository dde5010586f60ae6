// Debian's Chromium driven by playwright-core; no browser is ever downloaded.
import { chromium, type Browser } from 'playwright-core';
import { trackPages } from './page-diagnostics.js';

/** Chromium, its pages followed for the failure report (page-diagnostics.ts). */
export async function launchChromium(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.NIMBUS_CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  // Every page asks for less motion (the console then opens dialogs and popups in place): a
  // click on a dialog still zooming in can press on its button and release beside it, and no
  // click happens. A test about motion passes `reducedMotion: 'no-preference'` (docs/testing.md).
  const newContext = browser.newContext.bind(browser);
  browser.newContext = (options = {}) => newContext({ reducedMotion: 'reduce', ...options });
  return trackPages(browser);
}

// Debian's Chromium headless shell driven by playwright-core; no browser is ever downloaded.
import { chromium, type Browser } from 'playwright-core';
import { trackPages } from './page-diagnostics.js';

/**
 * Chromium's headless shell (Debian's `chromium-headless-shell`, the build Playwright itself runs
 * headless): the same Blink without the full browser's UI layers, a quarter less CPU over the
 * end-to-end tier (docs/testing.md "What the CPU is spent on"). NIMBUS_CHROMIUM names another build.
 */
const defaultChromium = '/usr/bin/chromium-headless-shell';

/** Chromium, its pages followed for the failure report (page-diagnostics.ts). */
export async function launchChromium(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.NIMBUS_CHROMIUM ?? defaultChromium,
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
  // Every page speaks a language, as a desktop browser does: the headless shell sends no
  // Accept-Language of its own, and the sign-in page then preloads the default language's
  // messages beside the browser's. A test about languages passes its own `locale`.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = (options = {}) =>
    newContext({ reducedMotion: 'reduce', locale: 'en-US', ...options });
  return trackPages(browser);
}

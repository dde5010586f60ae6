// What the sign-in page costs on the wire, in Debian's Chromium against the operator under test:
// its scripts and styles arrive precompressed, and the bytes before the form is painted stay
// within the budget of docs/decisions/compression.md. Bytes, not times: times are the bench's
// (bench/console-lcp.ts).
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser.js';
import { testEnv } from '../support/env.js';

/** The sign-in page's budget: everything on the wire until its form is painted. */
const signInBudgetBytes = 200_000;

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

interface Fetched {
  url: string;
  type: string;
  encoding: string | undefined;
  /** Sent only for an answer that is not encoded. */
  length: number | undefined;
}

/** The build leaves files below 1 KiB as they are (console/build/precompress.ts). */
const precompressMinimumBytes = 1024;

describe('the sign-in page on the wire', () => {
  it('arrives compressed and within its budget before the form is painted', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const fetched: Fetched[] = [];
    page.on('response', (response) => {
      const headers = response.headers();
      fetched.push({
        url: response.url(),
        type: response.request().resourceType(),
        encoding: headers['content-encoding'],
        length: headers['content-length'] ? Number(headers['content-length']) : undefined,
      });
    });
    await page.goto(new URL('/login', testEnv.operatorUrl).toString());
    await page.getByTestId('login-form').waitFor({ state: 'visible' });
    // Everything that had arrived when the form was on screen, the page itself included.
    const bytesBeforeForm = await page.evaluate(() =>
      [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')]
        .map((entry) => (entry as PerformanceResourceTiming).transferSize)
        .reduce((sum, size) => sum + size, 0),
    );
    await context.close();

    const scriptsAndStyles = fetched.filter(
      (item) => item.type === 'script' || item.type === 'stylesheet',
    );
    expect(scriptsAndStyles.length).toBeGreaterThan(0);
    expect(
      scriptsAndStyles.filter(
        (item) =>
          item.encoding !== 'br' &&
          item.encoding !== 'gzip' &&
          !(item.length !== undefined && item.length < precompressMinimumBytes),
      ),
    ).toEqual([]);
    expect(bytesBeforeForm).toBeGreaterThan(0);
    expect(bytesBeforeForm).toBeLessThanOrEqual(signInBudgetBytes);
  });
});

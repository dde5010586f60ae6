// What the sign-in page costs on the wire, in Debian's Chromium against the operator under test:
// its scripts and styles arrive precompressed, and the bytes before the form is painted stay
// within the budget of docs/decisions/compression.md, in no more files than the browser fetches at
// once. Bytes and files, not times: times are the bench's (bench/console-lcp.ts).
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser.js';
import { eventuallyPasses } from '../support/eventually.js';
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

/**
 * Chromium opens at most six connections to a host over HTTP/1.1: a seventh file before the form
 * waits a whole round trip for one (docs/performance.md "Console start-up").
 */
const filesAtOnce = 6;

/** The build leaves files below 1 KiB as they are (console/build/precompress.ts). */
const precompressMinimumBytes = 1024;

/**
 * Marks the moment the form is in the page: the rest of the console is asked for only after it
 * (while the browser is idle), so what was asked for before is what the form needed.
 */
function markWhenFormShown(): void {
  const observer = new MutationObserver(() => {
    if (!document.querySelector('[data-testid="login-form"]')) return;
    performance.mark('login-form-shown');
    observer.disconnect();
  });
  observer.observe(document, { subtree: true, childList: true });
}

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
    await page.addInitScript(markWhenFormShown);
    await page.goto(new URL('/login', testEnv.operatorUrl).toString());
    await page.getByTestId('login-form').waitFor({ state: 'visible' });
    // No named functions in here: tsx would wrap them in a helper the page lacks.
    const { shownAt, bytesBeforeForm, filesBeforeForm } = await page.evaluate(() => {
      const shownAt = performance.getEntriesByName('login-form-shown')[0]?.startTime ?? 0;
      const beforeForm = [
        ...performance.getEntriesByType('navigation'),
        ...performance.getEntriesByType('resource'),
      ]
        .map((entry) => entry as PerformanceResourceTiming)
        .filter((entry) => entry.startTime <= shownAt);
      const bytesBeforeForm = beforeForm.reduce((sum, entry) => sum + entry.transferSize, 0);
      // The files the page asked for. The form's own API calls start once it is drawn, and the
      // browser asks for /favicon.ico itself once the page has loaded (on a loaded machine that
      // can come before the form is drawn): neither waits for, or holds, a connection the form's
      // files need.
      const filesBeforeForm = beforeForm
        .filter((entry) => entry.entryType === 'resource' && entry.initiatorType !== 'fetch')
        .map((entry) => new URL(entry.name).pathname)
        .filter((path) => path !== '/favicon.ico');
      return { shownAt, bytesBeforeForm, filesBeforeForm };
    });
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
    expect(shownAt).toBeGreaterThan(0);
    expect(bytesBeforeForm).toBeGreaterThan(0);
    expect(bytesBeforeForm).toBeLessThanOrEqual(signInBudgetBytes);
    expect(filesBeforeForm.length).toBeGreaterThan(0);
    expect(filesBeforeForm.length, filesBeforeForm.join(', ')).toBeLessThanOrEqual(filesAtOnce);
  });

  it.each(['en-US', 'ja-JP', 'zh-CN'])(
    "names the visitor's sign-in messages in the page, fetched once, the rest after the form, in %s",
    async (locale) => {
      const language = locale.slice(0, 2);
      const context = await browser.newContext({ locale });
      const page = await context.newPage();
      await page.addInitScript(markWhenFormShown);
      const messageChunks: string[] = [];
      page.on('request', (request) => {
        const path = new URL(request.url()).pathname;
        if (/^\/assets\/(sign-in-)?messages-\w+-[\w-]+\.js$/.test(path)) messageChunks.push(path);
      });
      const response = await page.goto(new URL('/login', testEnv.operatorUrl).toString());
      const html = (await response?.text()) ?? '';
      await page.getByTestId('login-form').waitFor({ state: 'visible' });
      // The console's messages follow while the browser is idle (app/bootstrap.tsx).
      await eventuallyPasses(() => expect(messageChunks).toHaveLength(2), 20_000);
      const askedBeforeForm = await page.evaluate(() => {
        const shownAt = performance.getEntriesByName('login-form-shown')[0]?.startTime ?? 0;
        return performance
          .getEntriesByType('resource')
          .filter((entry) => entry.startTime <= shownAt)
          .map((entry) => new URL(entry.name).pathname)
          .filter((path) => path.includes('messages-'));
      });
      await context.close();

      const preloaded = [
        ...html.matchAll(
          /<link rel="modulepreload" crossorigin href="(\/assets\/[^"]*messages-[^"]+)">/g,
        ),
      ].map((match) => match[1]);
      expect(preloaded).toHaveLength(1);
      expect(preloaded[0]).toMatch(new RegExp(`^/assets/sign-in-messages-${language}-`));
      // The preloaded chunk is the one the sign-in screen imports: nothing else, nothing twice;
      // the console's come after the form.
      expect(askedBeforeForm).toEqual(preloaded);
      expect(messageChunks).toEqual([
        preloaded[0],
        expect.stringMatching(`^/assets/messages-${language}-`),
      ]);
    },
  );
});

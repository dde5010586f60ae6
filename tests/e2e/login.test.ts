// The console served by the operator under test, in Debian's Chromium: the login screen and
// the version read from the API, in every language.
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser.js';
import { eventually, onScreen } from '../support/eventually.js';
import { testEnv } from '../support/env.js';

const version = (
  JSON.parse(readFileSync(new URL('../../operator/package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;

const languages = [
  { lng: 'en', heading: 'Sign in to Nimbus', versionText: `Version ${version}` },
  { lng: 'zh', heading: '登录 Nimbus', versionText: `版本 ${version}` },
  { lng: 'ja', heading: 'Nimbus にサインイン', versionText: `バージョン ${version}` },
] as const;

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** How many headings with this name the page shows, once there is one (or the time is up). */
const headings = (page: Page, name: string, timeoutMs = onScreen.timeoutMs) =>
  eventually(
    () => page.getByRole('heading', { name }).count(),
    (count) => count === 1,
    {
      ...onScreen,
      timeoutMs,
    },
  );

async function contextWithLanguage(lng?: string, locale = 'en-US'): Promise<BrowserContext> {
  const context = await browser.newContext({ locale });
  if (lng) {
    await context.addCookies([{ name: 'language', value: lng, url: testEnv.operatorUrl }]);
  }
  return context;
}

describe('login screen', () => {
  it.each(languages)('shows the form and the API version in $lng', async (language) => {
    const context = await contextWithLanguage(language.lng);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(new URL('/login', testEnv.operatorUrl).toString());
    expect(await headings(page, language.heading)).toBe(1);
    const appVersion = () => page.getByTestId('app-version').textContent();
    expect(await eventually(appVersion, (text) => text === language.versionText, onScreen)).toBe(
      language.versionText,
    );
    expect(await page.getByTestId('login-form').isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('defaults to Chinese when neither cookie nor browser language says otherwise', async () => {
    const context = await contextWithLanguage(undefined, 'fr-FR');
    const page = await context.newPage();
    await page.goto(new URL('/login', testEnv.operatorUrl).toString());
    expect(await headings(page, '登录 Nimbus')).toBe(1);
    await context.close();
  });

  it('switches language from the selector and remembers it in the cookie', async () => {
    const context = await contextWithLanguage('en');
    const page = await context.newPage();
    await page.goto(new URL('/login', testEnv.operatorUrl).toString());
    expect(await headings(page, 'Sign in to Nimbus')).toBe(1);
    await page
      .getByTestId('language-select')
      .getByRole('combobox')
      .selectOption({ label: '日本語' });
    expect(await headings(page, 'Nimbus にサインイン', 20_000)).toBe(1);
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'language')?.value).toBe('ja');
    await context.close();
  });

  it('sends a visitor without a session from any page to /login', async () => {
    const context = await contextWithLanguage('en');
    const page = await context.newPage();
    await page.goto(new URL('/home', testEnv.operatorUrl).toString());
    await page.waitForURL(/\/login$/);
    await context.close();
  });

  it('shows the password rule word for word on a bad register attempt', async () => {
    const context = await contextWithLanguage('en');
    const page = await context.newPage();
    await page.goto(new URL('/login', testEnv.operatorUrl).toString());
    await page.getByRole('tab', { name: /register/i }).click();
    const form = page.getByTestId('register-form');
    await form.getByLabel(/^password$/i).fill('short');
    await form.getByRole('button', { name: /register/i }).click();
    await expect
      .poll(() =>
        page
          .getByText(
            'At least 6 digits in length as well as number and lowercase letters are required',
          )
          .count(),
      )
      .toBeGreaterThan(0);
    await context.close();
  });
});

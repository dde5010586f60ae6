// The dark theme in Chromium: the sign-in screen and the console follow the system's colour
// scheme, and a theme chosen in the header wins over it and is remembered.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser.js';
import { chooseSelectOption, createOrganization, signedInPage } from '../support/console.js';
import { eventually, onScreen } from '../support/eventually.js';
import { testEnv } from '../support/env.js';
import { gitOpsSystemAdmin, hub, removeGitOpsSystemAdmin } from '../support/iam.js';
import { screenshot } from '../support/screenshots.js';

const suffix = `th${Date.now().toString(36)}`;
const orgName = `e2e-theme-${suffix}`;
// antd's colorBgContainer: #141414 with the dark algorithm, #ffffff with the default one.
const dark = 'rgb(20, 20, 20)';
const light = 'rgb(255, 255, 255)';

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
  // With an organization the console opens straight at Home (and its MFA prompt).
  await createOrganization(await gitOpsSystemAdmin(suffix), orgName);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  hub(['delete', 'organizations.nimbus.io', orgName, '--ignore-not-found', '--wait=false']);
  removeGitOpsSystemAdmin(suffix);
});

const backgroundOf = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((element) => getComputedStyle(element).backgroundColor);

const becomes = (page: Page, selector: string, colour: string) =>
  eventually(
    () => backgroundOf(page, selector),
    (found) => found === colour,
    onScreen,
  );

describe('theme', () => {
  it("draws the sign-in screen dark when the system's scheme is dark", async () => {
    const context = await browser.newContext({ locale: 'en-US', colorScheme: 'dark' });
    const page = await context.newPage();
    await page.goto(new URL('/login', testEnv.operatorUrl).toString());
    expect(await becomes(page, '.nimbus-login__card', dark)).toBe(dark);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.reload();
    expect(await becomes(page, '.nimbus-login__card', light)).toBe(light);
    await context.close();
  });

  it('follows the system in the console until the user picks a theme, then keeps it', async () => {
    const page = await signedInPage(browser, {
      userName: `root-${suffix}`,
      password: `root${suffix}1`,
    });
    const header = '.nimbus-shell__header';
    expect(await becomes(page, header, light)).toBe(light);
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await becomes(page, header, dark)).toBe(dark);
    await screenshot(page, 'dark-theme');

    await chooseSelectOption(page, 'header-theme', 'Light');
    expect(await becomes(page, header, light)).toBe(light);
    await page.reload();
    await page.getByTestId('header-theme').waitFor();
    expect(await becomes(page, header, light)).toBe(light);
    await page.context().close();
  });
});

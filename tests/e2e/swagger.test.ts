// The /swagger screen in Chromium against the operator under test: reached from the header
// menu's tools, it renders the operator's real OpenAPI document under the console's Content
// Security Policy without a single violation, and "Try it out" calls the API with the session.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser.js';
import { createOrganization, openHeaderMenu, signedInPage } from '../support/console.js';
import { gitOpsSystemAdmin, hub, removeGitOpsSystemAdmin } from '../support/iam.js';

const suffix = `sw${Date.now().toString(36)}`;
const orgName = `e2e-swagger-${suffix}`;

let browser: Browser;
let page: Page;
/** What the page reported: CSP violations (event and console) and uncaught errors. */
const cspConsoleMessages: string[] = [];
const pageErrors: string[] = [];

/** Every `securitypolicyviolation` event of the page, recorded before any script of it runs. */
const recordViolations = () => {
  const seen: string[] = [];
  Object.defineProperty(window, '__cspViolations', { value: seen });
  document.addEventListener('securitypolicyviolation', (event) => {
    seen.push(`${event.violatedDirective} ${event.blockedURI}`);
  });
};

const violations = () =>
  page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);

beforeAll(async () => {
  browser = await launchChromium();
  await gitOpsSystemAdmin(suffix).then((admin) => createOrganization(admin, orgName));
  page = await signedInPage(
    browser,
    { userName: `root-${suffix}`, password: `root${suffix}1` },
    async (context) => {
      await context.addInitScript(recordViolations);
    },
  );
  page.on('console', (message) => {
    if (/content security policy/i.test(message.text())) cspConsoleMessages.push(message.text());
  });
  page.on('pageerror', (error) => pageErrors.push(error.message));
});

afterAll(async () => {
  await browser?.close();
  hub(['delete', 'organizations.nimbus.io', orgName, '--ignore-not-found', '--wait=false']);
  removeGitOpsSystemAdmin(suffix);
});

describe('API docs screen', () => {
  it('opens from the header menu and renders operations of the real API', async () => {
    const menu = await openHeaderMenu(page);
    await menu.getByTestId('menu-tools').getByRole('link', { name: 'API docs' }).click();
    await page.waitForURL(/\/swagger$/);
    await page.getByRole('heading', { name: 'API docs', level: 2 }).waitFor();

    const renderer = page.getByTestId('openapi-renderer');
    // Swagger UI resolves the whole document (about 360 KB) before it draws anything, which
    // takes a loaded 2-core machine longer than Playwright's default wait.
    await renderer
      .getByText('System configs (MFA switch)', { exact: true })
      .waitFor({ timeout: 90_000 });
    // The whole API is more than Swagger UI draws at once (it draws what is in view): the
    // filter box narrows it to one tag, which is then drawn whole.
    await renderer.getByPlaceholder('Filter by tag or path').fill('iam');
    await renderer.getByText('Permission catalogue', { exact: true }).waitFor();
    expect(await renderer.getByText('/iam.nimbus.io/permissions', { exact: true }).count()).toBe(1);
    await expect(
      renderer.getByText('System configs (MFA switch)', { exact: true }).count(),
    ).resolves.toBe(0);
  });

  it('tries an operation out with the console session', async () => {
    const renderer = page.getByTestId('openapi-renderer');
    const operation = renderer.locator('#operations-iam-listPermissions');
    await operation.getByText('Permission catalogue', { exact: true }).click();
    await operation.getByRole('button', { name: 'Try it out' }).click();
    const answered = page.waitForResponse((response) =>
      response.url().endsWith('/api/v1/iam.nimbus.io/permissions'),
    );
    await operation.getByRole('button', { name: 'Execute' }).click();
    const body = (await (await answered).json()) as { code: number; data: unknown };

    // Signed in through the cookie: an anonymous call would get 9998.
    expect(body.code).toBe(0);
    await operation
      .locator('.live-responses-table')
      .getByText(/node:cordon/)
      .first()
      .waitFor();
  });

  it('reported no Content Security Policy violation and no page error', async () => {
    expect(await violations()).toEqual([]);
    expect(cspConsoleMessages).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});

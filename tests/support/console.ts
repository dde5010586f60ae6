// Signing in to the console in Chromium, as the e2e journeys start.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { testEnv } from './env.js';
import { expectOk, type Session } from './iam.js';

/** An organization created through the API by `admin`, who becomes its member. */
export async function createOrganization(admin: Session, name: string): Promise<{ uuid: string }> {
  return expectOk(
    await admin.call<{ uuid: string }>('POST', '/organizations', {
      name,
      cnName: name,
      contact: 'E2E',
      email: 'e2e@example.com',
      description: '',
      monitorKey: '',
      monitorValue: '',
    }),
  );
}

/** MFA is on in `make test`: an unbound user gets personal settings on the MFA tab at load. */
export async function dismissMfaPrompt(page: Page): Promise<void> {
  const dialog = page.getByTestId('personal-settings-dialog');
  await dialog.waitFor();
  await page.getByTestId('mfa-qr').waitFor();
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
}

/**
 * A page signed in through the login form, in English, on /home with the MFA prompt dismissed.
 * `prepare` runs on the new context first (init scripts, listeners).
 */
export async function signedInPage(
  browser: Browser,
  credentials: { userName: string; password: string },
  prepare: (context: BrowserContext) => Promise<void> = async () => undefined,
): Promise<Page> {
  const context = await browser.newContext({ locale: 'en-US' });
  await context.addCookies([{ name: 'language', value: 'en', url: testEnv.operatorUrl }]);
  await prepare(context);
  const page = await context.newPage();
  await page.goto(new URL('/login', testEnv.operatorUrl).toString());
  const form = page.getByTestId('login-form');
  await form.getByLabel('User name').fill(credentials.userName);
  await form.getByLabel('Password').fill(credentials.password);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/home$/);
  await dismissMfaPrompt(page);
  return page;
}

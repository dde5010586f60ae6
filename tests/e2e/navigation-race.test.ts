// Issue 25 item 10: opening another address while the first screen still loads must not sign
// the user out. The user-info answer /home waits for is held back (route interception), so the
// second address is always opened while the first screen loads; the browser then cancels that
// request, and an aborted request is not a failure.
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser.js';
import { createOrganization, dismissMfaPrompt } from '../support/console.js';
import { testEnv } from '../support/env.js';
import { eventually, onScreen } from '../support/eventually.js';
import { gitOpsSystemAdmin, hub, removeGitOpsSystemAdmin } from '../support/iam.js';

const suffix = `nr${Date.now().toString(36)}`;
const credentials = { userName: `root-${suffix}`, password: `root${suffix}1` };
const orgName = `org-${suffix}`;
const url = (path: string) => new URL(path, testEnv.operatorUrl).toString();
// Loads wait for what they show, not for every chunk: on a loaded 2-core machine a first load
// takes tens of seconds, so the page's waits get more than Playwright's default 30 s.
const commit = { waitUntil: 'commit' } as const;
const pageWaitMs = 90_000;

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
  // A member of an organization: one without any is asked to join one instead of binding MFA.
  await createOrganization(await gitOpsSystemAdmin(suffix), orgName);
}, 60_000);

/** The user named in the header once the page has loaded signed in (MFA prompt dismissed). */
async function signedInUser(page: Page): Promise<string | null> {
  await dismissMfaPrompt(page);
  return eventually(
    () => page.getByTestId('header-user-menu').textContent(),
    (text) => text?.includes(credentials.userName) ?? false,
    onScreen,
  );
}

afterAll(async () => {
  await browser?.close();
  hub(['delete', 'organizations.nimbus.io', orgName, '--ignore-not-found', '--wait=false']);
  removeGitOpsSystemAdmin(suffix);
});

describe('opening another address while /home loads', () => {
  it('ends on that address, signed in, and never posts logout', async () => {
    const context = await browser.newContext({ locale: 'en-US' });
    await context.addCookies([{ name: 'language', value: 'en', url: testEnv.operatorUrl }]);
    context.setDefaultTimeout(pageWaitMs);
    const page = await context.newPage();
    const logouts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname.endsWith('/logout')) {
        logouts.push(request.url());
      }
    });
    // The first user-info request (the guard's, on /home) gets no answer until the page goes.
    const userInfo = `/api/v1/iam.${testEnv.host}/users/${credentials.userName}`;
    let held: Route | undefined;
    let userInfoAsked!: () => void;
    const asked = new Promise<void>((resolve) => (userInfoAsked = resolve));
    await page.route(
      (address) => address.pathname === userInfo,
      async (route) => {
        if (held) return route.continue();
        held = route;
        userInfoAsked();
      },
    );

    await page.goto(url('/login'), commit);
    const form = page.getByTestId('login-form');
    await form.getByLabel('User name').fill(credentials.userName);
    await form.getByLabel('Password').fill(credentials.password);
    await form.getByRole('button', { name: 'Sign in' }).click();
    await asked;
    expect(new URL(page.url()).pathname).toBe('/home');

    await page.goto(url('/list/Deployment'), commit);
    expect(await signedInUser(page)).toContain(credentials.userName);
    expect(new URL(page.url()).pathname).toBe('/list/Deployment');
    expect(logouts).toEqual([]);
    // The server still holds the session: the page loads again signed in.
    await page.reload(commit);
    expect(await signedInUser(page)).toContain(credentials.userName);
    expect(new URL(page.url()).pathname).toBe('/list/Deployment');
    expect(logouts).toEqual([]);
    await context.close();
  });
});

// Signing in to the console in Chromium, as the e2e journeys start.
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
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

/**
 * Resolves once `element`'s nearest `container` (or the element) stands still: antd's motions
 * (zoom, slide) move a popup as it opens, and a click while it moves can press on one item and
 * release on another place, so the click reaches neither (Playwright checks only where the
 * press lands). rc-motion's classes stay on until its motion has ended.
 */
async function untilStill(element: Locator, container: string): Promise<void> {
  await element.evaluate(
    (node, selector) =>
      new Promise<void>((resolve) => {
        const popup = node.closest(selector) ?? node;
        const settle = () => {
          const moving = /-(appear|enter)\b/.test(popup.className);
          // A spinner turns for ever: only motions that end count.
          const ending = popup
            .getAnimations({ subtree: true })
            .filter((animation) => animation.effect?.getTiming().iterations !== Infinity);
          if (!moving && ending.length === 0) resolve();
          else requestAnimationFrame(settle);
        };
        settle();
      }),
    container,
  );
}

/** Opens the header menu and waits until its popover stands still (see `untilStill`). */
export async function openHeaderMenu(page: Page): Promise<Locator> {
  await page.getByTestId('header-menu').click();
  const popover = page.getByTestId('menu-popover');
  await popover.waitFor();
  await untilStill(popover, '.ant-popover');
  return popover;
}

/**
 * Picks the option titled `title` in the antd select with test id `testId`, and waits until the
 * select shows it. The option is clicked once its dropdown stands still (`untilStill`). A
 * dropdown can close again while it opens (the form renders anew when its data arrives),
 * losing the click; the pick is then tried again, up to four times. The select is
 * clicked only when its option is not showing, so a retry never closes an open dropdown.
 */
export async function chooseSelectOption(page: Page, testId: string, title: string): Promise<void> {
  const select = page.getByTestId(testId);
  const option = page
    .locator(`.ant-select-item-option[title="${title}"]`)
    .filter({ visible: true })
    .first();
  for (let attempt = 1; ; attempt++) {
    try {
      // A select in a dialog moves while the dialog zooms in.
      await untilStill(select, '.ant-modal');
      if (!(await option.isVisible())) await select.click({ timeout: 10_000 });
      await option.waitFor({ timeout: 5_000 });
      await untilStill(option, '.ant-select-dropdown');
      await option.click({ timeout: 5_000 });
      await select.filter({ hasText: title }).waitFor({ timeout: 5_000 });
      return;
    } catch (error) {
      if (attempt === 4) throw error;
    }
  }
}

/**
 * Walks an antd cascader opened by clicking `opener` through `steps` (each the start of an
 * item's text, one per column). A column can close again while it opens, losing the click; the
 * walk then starts again, up to four times, clicking the opener only when the first column is
 * not showing.
 */
export async function chooseCascaderPath(
  page: Page,
  opener: Locator,
  steps: readonly string[],
): Promise<void> {
  const item = (step: string) =>
    page
      .locator('.ant-cascader-menu-item')
      .filter({ hasText: new RegExp(`^${step.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) })
      .filter({ visible: true })
      .first();
  for (let attempt = 1; ; attempt++) {
    try {
      const [first] = steps;
      if (first !== undefined && !(await item(first).isVisible())) {
        await opener.click({ timeout: 10_000 });
      }
      for (const step of steps) await item(step).click({ timeout: 10_000 });
      return;
    } catch (error) {
      if (attempt === 4) throw error;
    }
  }
}

/**
 * The cluster wizard's card for a provider kind, once it can be chosen: the cards are disabled
 * until the operator's list of supported providers arrives, and a click or Enter before that
 * chooses nothing (a run pressed Enter on the card before the list came and never left the step).
 */
export function choosableProvider(page: Page, kind: string): Locator {
  return page.locator(`[data-testid="cluster-provider-${kind}"][aria-disabled="false"]`);
}

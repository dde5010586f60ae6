// The accessibility tier's second half: the console's main dialogs and multi-step forms under
// axe-core (the cluster wizard's steps, the application form with its container editor and
// image picker, the delete confirmations, the header's dialogs) in both themes, and the
// keyboard: focus visible at every tab stop of the busiest screens, dialogs that take focus,
// keep it while open and give it back to what opened them (docs/decisions/accessibility.md).
import { readFileSync } from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditHere,
  blockingFindings,
  formatFindings,
  openScreen,
  type Finding,
  type RequestWatch,
  watchRequests,
} from '../support/accessibility.js';
import {
  prepareAccessibilityBed,
  removeAccessibilityBed,
  type AccessibilityBed,
} from '../support/accessibility-fixture.js';
import { launchChromium } from '../support/browser.js';
import { registryAddress } from '../support/charts.js';
import { chooseSelectOption, choosableProvider, signedInPage } from '../support/console.js';
import { eventually, onScreen } from '../support/eventually.js';
import { dialogFocus, walkTabOrder } from '../support/keyboard.js';
import { memberKubeconfig, region } from '../support/members.js';

const suffix = `ad${Date.now().toString(36)}`;

let browser: Browser;
let bed: AccessibilityBed;
let admin: { page: Page; requests: RequestWatch };
const findings: Finding[] = [];

/** Audits what `page` shows now in both themes and keeps the findings for the run's list. */
async function audit(
  target: { page: Page; requests: RequestWatch },
  who: string,
  label: string,
): Promise<Finding[]> {
  const found = await auditHere(target.page, target.requests, who, label);
  findings.push(...found);
  return blockingFindings(found);
}

async function signIn(userName: string, password: string) {
  const page = await signedInPage(browser, { userName, password });
  return { page, requests: watchRequests(page) };
}

const dialogNamed = (page: Page, name: string | RegExp): Locator =>
  page.getByRole('dialog', { name });

beforeAll(async () => {
  browser = await launchChromium();
  bed = await prepareAccessibilityBed(suffix);
  admin = await signIn(bed.adminUserName, bed.adminPassword);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  if (findings.length > 0) console.log(formatFindings(findings));
  await removeAccessibilityBed(suffix, bed?.admin);
});

describe('dialogs and steps under axe-core, both themes', () => {
  it('the cluster wizard: each provider step, the connection test, monitoring', async () => {
    const { page } = admin;
    const found: Finding[] = [];
    await openScreen(page, admin.requests, '/admin/cluster/add', 'light');
    // The provider cards are buttons: chosen from the keyboard.
    await choosableProvider(page, 'ProviderKubeconfig').focus();
    await page.keyboard.press('Enter');
    await page.getByLabel('Name', { exact: true }).fill(`e2e-w-${suffix}`);
    await page.getByLabel('Region', { exact: true }).fill(region);
    await page
      .getByLabel('Kubeconfig', { exact: true })
      .fill(readFileSync(memberKubeconfig('member-a'), 'utf8'));
    await page.getByTestId('cluster-test-button').click();
    await page
      .getByTestId('cluster-test-result')
      .getByText(/Connected: Kubernetes v1\./)
      .waitFor();
    found.push(...(await audit(admin, 'administrator', 'cluster wizard: kubeconfig, tested')));

    await page.getByTestId('cluster-connect-choice').getByText('Register with a command').click();
    await page.getByTestId('command-registration').waitFor();
    found.push(...(await audit(admin, 'administrator', 'cluster wizard: register by command')));
    await page.getByTestId('cluster-connect-choice').getByText('Upload a kubeconfig').click();

    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByTestId('monitor-discovery').waitFor();
    found.push(...(await audit(admin, 'administrator', 'cluster wizard: monitoring')));

    // A cloud provider's credential fields (its API is the test bed's fake).
    await page.getByRole('button', { name: 'Previous' }).click();
    await page.getByRole('button', { name: 'Previous' }).click();
    await choosableProvider(page, 'ProviderAWS').click();
    await page.getByLabel('Region', { exact: true }).waitFor();
    found.push(...(await audit(admin, 'administrator', 'cluster wizard: AWS credentials')));
    expect(formatFindings(found)).toBe('');
  }, 180_000);

  it('the application form: both steps, the container editor, the image picker', async () => {
    const { page } = admin;
    const found: Finding[] = [];
    await openScreen(page, admin.requests, '/add/Deployment', 'light');
    await page.getByLabel('Location').click();
    const item = (text: string) =>
      page.getByRole('menuitemcheckbox').filter({ hasText: text }).first();
    await item('Kubeconfig').click();
    await item(region).click();
    await item(bed.cluster).click();
    await page.getByRole('combobox', { name: 'Namespace' }).click();
    await page.locator('.ant-select-item-option').filter({ hasText: bed.ns }).click();
    await page.getByTestId('app-name').fill('hello');
    found.push(...(await audit(admin, 'administrator', 'application form: basics')));
    await page.getByTestId('app-next').click();
    await page.getByTestId('container-add').click();
    await page.getByTestId('container-editor').waitFor();
    found.push(...(await audit(admin, 'administrator', 'application form: container editor')));

    const opener = page.getByTestId('container-image-select');
    const picker = page.getByRole('dialog').filter({ has: page.getByTestId('image-select-ok') });
    await opener.click();
    await picker.waitFor();
    await chooseSelectOption(page, 'image-select-registry', `${bed.registry} (${registryAddress})`);
    found.push(...(await audit(admin, 'administrator', 'image picker: a registry chosen')));
    // Leaving with a registry and no image asks first.
    await page.keyboard.press('Escape');
    const leave = page.getByRole('dialog').filter({ hasText: 'Leave' });
    await leave.waitFor();
    found.push(...(await audit(admin, 'administrator', 'image picker: leave without an image?')));
    await leave.getByRole('button', { name: 'OK' }).click();
    await picker.waitFor({ state: 'hidden' });
    expect(formatFindings(found)).toBe('');

    expect(await dialogFocus(page, opener, picker)).toEqual({
      movedIn: true,
      escapedTo: [],
      returned: true,
    });
  }, 180_000);

  it('the delete confirmations: a resource and an administered object', async () => {
    const { page } = admin;
    const found: Finding[] = [];
    await openScreen(
      page,
      admin.requests,
      `/detail/ConfigMap/${bed.configMap}?${bed.at}&namespace=${bed.ns}`,
      'light',
    );
    const deleteResource = page.getByTestId('resource-action-delete');
    const resourceDialog = dialogNamed(page, `Delete ${bed.configMap}`);
    await deleteResource.click();
    await resourceDialog.getByTestId('delete-confirm-input').fill('settings');
    found.push(...(await audit(admin, 'administrator', 'delete confirmation: a config map')));
    await page.keyboard.press('Escape');
    await resourceDialog.waitFor({ state: 'hidden' });
    expect(await dialogFocus(page, deleteResource, resourceDialog)).toEqual({
      movedIn: true,
      escapedTo: [],
      returned: true,
    });

    await openScreen(page, admin.requests, '/admin/registry/list', 'light');
    const deleteRegistry = page
      .getByTestId('registry-list-table')
      .getByRole('row', { name: bed.registry })
      .getByRole('button', { name: 'Delete' });
    const registryDialog = page.getByRole('dialog').filter({ hasText: bed.registry });
    await deleteRegistry.click();
    await registryDialog.waitFor();
    found.push(...(await audit(admin, 'administrator', 'delete confirmation: a registry')));
    await page.keyboard.press('Escape');
    await registryDialog.waitFor({ state: 'hidden' });
    expect(await dialogFocus(page, deleteRegistry, registryDialog)).toEqual({
      movedIn: true,
      escapedTo: [],
      returned: true,
    });
    expect(formatFindings(found)).toBe('');
  }, 180_000);
});

/**
 * Walks the user menu to its entry `label` with the keyboard: Enter opens the menu, Tab enters
 * it, the arrows move. rc-menu moves focus a frame after each key, so each step waits for focus
 * to move before the next.
 */
async function toUserMenuEntry(page: Page, label: string): Promise<void> {
  await page.getByTestId('header-user-menu').focus();
  await page.keyboard.press('Enter');
  await page.getByRole('menuitem', { name: label }).waitFor();
  const focusedItem = () =>
    page.evaluate(
      () => document.activeElement?.closest('[role=menuitem]')?.textContent?.trim() ?? '',
    );
  await page.keyboard.press('Tab');
  let current = await eventually(focusedItem, (text) => text !== '', onScreen);
  for (let step = 0; step < 6 && current !== label; step++) {
    const before = current;
    await page.keyboard.press('ArrowDown');
    current = await eventually(focusedItem, (text) => text !== before, onScreen);
  }
  if (current !== label) throw new Error(`the user menu reached "${current}", not "${label}"`);
}

/** The user menu's entry `label`, chosen with the keyboard (Enter only on that entry, never on Sign out). */
async function fromUserMenu(page: Page, label: string): Promise<void> {
  await toUserMenuEntry(page, label);
  await page.keyboard.press('Enter');
}

async function headerDialogs(target: { page: Page; requests: RequestWatch }, who: string) {
  const { page } = target;
  const found: Finding[] = [];
  await openScreen(page, target.requests, '/list/ConfigMap', 'light');
  const userMenu = page.getByTestId('header-user-menu');

  const settings = page
    .getByRole('dialog')
    .filter({ has: page.getByTestId('personal-settings-dialog') });
  await fromUserMenu(page, 'Personal settings');
  await settings.waitFor();
  found.push(...(await audit(target, who, 'personal settings dialog')));
  await page.keyboard.press('Escape');
  await settings.waitFor({ state: 'hidden' });
  const settingsFocus = await dialogFocus(page, userMenu, settings, {
    open: () => fromUserMenu(page, 'Personal settings'),
  });

  const about = page.getByRole('dialog').filter({ has: page.getByTestId('about-dialog') });
  const aboutFocus = await dialogFocus(page, userMenu, about, {
    open: () => fromUserMenu(page, 'About'),
  });

  const searchButton = page.getByTestId('global-search-button');
  const search = page.getByRole('dialog', { name: 'Search resources' });
  await searchButton.click();
  await search.waitFor();
  found.push(...(await audit(target, who, 'global search dialog')));
  await page.keyboard.press('Escape');
  await search.waitFor({ state: 'hidden' });
  const searchFocus = await dialogFocus(page, searchButton, search);

  expect(formatFindings(found)).toBe('');
  const trapped = { movedIn: true, escapedTo: [], returned: true };
  expect({ settingsFocus, aboutFocus, searchFocus }).toEqual({
    settingsFocus: trapped,
    aboutFocus: trapped,
    searchFocus: trapped,
  });
}

describe('the header dialogs, from the keyboard', () => {
  it('as a system administrator', async () => {
    await headerDialogs(admin, 'administrator');
  }, 180_000);

  it('as a user with a narrow role', async () => {
    const user = await signIn(bed.userName, bed.userPassword);
    await headerDialogs(user, 'narrow role');
    await user.page.context().close();
  }, 180_000);

  it('Escape on a user menu entry gives focus back to the menu button', async () => {
    const { page } = admin;
    await openScreen(page, admin.requests, '/home', 'light');
    await toUserMenuEntry(page, 'About');
    await page.keyboard.press('Escape');
    const focused = () =>
      page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? '');
    // The menu hides a frame or two after the key; without the fix focus falls to the body.
    expect(await eventually(focused, (id) => id === 'header-user-menu', onScreen)).toBe(
      'header-user-menu',
    );
  }, 60_000);

  it('a side navigation link clicked while the user menu is open keeps its focus', async () => {
    const { page } = admin;
    await openScreen(page, admin.requests, '/home', 'light');
    await page.getByTestId('header-user-menu').click();
    const about = page.getByRole('menuitem', { name: 'About' });
    await about.waitFor();
    const link = page.getByTestId('side-nav').getByRole('link').first();
    const target = await link.getAttribute('href');
    await link.click();
    await about.waitFor({ state: 'hidden' });
    await page.waitForURL((url) => url.pathname === target);
    // The menu closes on the click, before its popup hides: focus has settled by now. Without the
    // check on the menu's own popup, it jumped to the user menu's button.
    const focused = await page.evaluate(() => ({
      inSideNav: Boolean(document.activeElement?.closest('[data-testid="side-nav"]')),
      testId: document.activeElement?.getAttribute('data-testid') ?? '',
    }));
    expect(focused).toEqual({ inSideNav: true, testId: '' });
  }, 60_000);
});

describe('focus is visible at every tab stop', () => {
  const screens = () => [
    '/home',
    '/list/ConfigMap',
    `/detail/ConfigMap/${bed.configMap}?${bed.at}&namespace=${bed.ns}`,
    '/admin/user/add',
    '/admin/cluster/list',
    '/audit',
  ];

  it('on the busiest screens, in both themes', async () => {
    const { page } = admin;
    const hidden: string[] = [];
    for (const address of screens()) {
      for (const theme of ['light', 'dark'] as const) {
        await openScreen(page, admin.requests, address, theme);
        const stops = await walkTabOrder(page);
        expect(stops.length, `${address}: tab stops`).toBeGreaterThan(5);
        hidden.push(
          ...stops
            .filter((stop) => !stop.visible)
            .map((stop) => `${address} [${theme}]: ${stop.control}`),
        );
      }
    }
    expect(hidden).toEqual([]);
  }, 300_000);
});

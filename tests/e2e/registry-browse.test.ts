// A registry without TLS, added on purpose and browsed, in Chromium against the operator under
// test: the test bed's plain-HTTP registry (the README's 127.0.0.1:16445) fails the connection
// test over https with what to do, passes with Plain HTTP on, shows its description and the
// Plain HTTP tag on the list, and Browse lists its repositories, then a chosen one's tags with the
// reference to copy.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser.js';
import { pushStockChart, registryAddress } from '../support/charts.js';
import { createOrganization, dismissMfaPrompt, signedInPage } from '../support/console.js';
import { testEnv } from '../support/env.js';
import { gitOpsSystemAdmin, hub, removeGitOpsSystemAdmin } from '../support/iam.js';
import { screenshot } from '../support/screenshots.js';

const suffix = `rb${Date.now().toString(36)}`;
const orgName = `e2e-browse-${suffix}`;
const registryName = `plain-${suffix}`;
const prefix = `e2e-browse-${suffix}`;
const chart = 'shelf';

let browser: Browser | undefined;
let page: Page;

async function open(path: string): Promise<void> {
  await page.goto(new URL(path, testEnv.operatorUrl).toString());
  await dismissMfaPrompt(page);
}

beforeAll(async () => {
  browser = await launchChromium();
  const root = await gitOpsSystemAdmin(suffix);
  await createOrganization(root, orgName);
  pushStockChart(prefix, chart);
  page = await signedInPage(browser, { userName: `root-${suffix}`, password: `root${suffix}1` });
  await page.setViewportSize({ width: 1280, height: 900 });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  hub(['delete', 'registries.nimbus.io', registryName, '--ignore-not-found']);
  hub(['delete', 'organizations.nimbus.io', orgName, '--ignore-not-found', '--wait=false']);
  removeGitOpsSystemAdmin(suffix);
});

describe('a plain-HTTP registry', () => {
  it('is added with Plain HTTP on after the https test says to', async () => {
    await open('/admin/registry/add');
    await page.getByTestId('registry-kind-Distribution').click();
    await page.getByTestId('registry-name').fill(registryName);
    await page.getByTestId('registry-host').fill(registryAddress);
    await page.getByTestId('registry-description').fill('Charts of the test bed');
    await page.getByTestId('registry-test').click();
    await page
      .getByTestId('registry-test-result')
      .filter({ hasText: 'turn on plain HTTP' })
      .waitFor();
    expect(await page.getByTestId('registry-submit').isDisabled()).toBe(true);

    await page.getByTestId('registry-plain-http').click();
    await page.getByTestId('registry-test').click();
    await page.getByTestId('registry-test-result').filter({ hasText: 'Connected' }).waitFor();
    await page.getByTestId('registry-submit').click();
    await page.getByTestId('registry-complete').waitFor();
  });

  it('shows its description and Plain HTTP on the list, and browses repositories to tags', async () => {
    await open('/admin/registry/list');
    const row = page.getByTestId('registry-list-table').getByRole('row', { name: registryName });
    await row.waitFor();
    expect(await row.textContent()).toContain('Charts of the test bed');
    await row.getByTestId('registry-plain-http-tag').waitFor();
    // The list fits the page without sideways scrolling.
    const overflow = await page
      .getByTestId('registry-list-table')
      .locator('.ant-table-content')
      .evaluate((element) => element.scrollWidth - element.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'registry-list');

    await row.getByRole('link', { name: 'Browse' }).click();
    await page.waitForURL(new RegExp(`/admin/registry/browse/${registryName}`));
    await page.getByTestId('registry-browse').waitFor();
    const repository = `${prefix}/${chart}`;
    await page.getByLabel('Filter repositories').fill(prefix);
    const repositories = page.getByTestId('registry-repositories');
    await repositories.getByRole('button', { name: repository }).click();
    const tags = page.getByTestId('registry-tags');
    await tags.getByText('0.1.0', { exact: true }).waitFor();
    await tags
      .getByRole('button', { name: `Copy ${registryAddress}/${repository}:0.1.0` })
      .waitFor();
    expect(page.url()).toContain(`repository=${encodeURIComponent(repository)}`);
    await screenshot(page, 'registry-browse');
  });
});

// The app store in Chromium against the operator under test: a chart pushed with `helm push` to
// the test bed's registry shows up in the list through its organization's ChartSource; its
// detail page shows the README; installing it from there creates the release's objects, which
// kubectl on the member sees, and the release is listed with its status.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyChartSource, configMapTemplate, pushCharts } from '../support/charts.js';
import { chooseCascaderPath, dismissMfaPrompt } from '../support/console.js';
import { testEnv } from '../support/env.js';
import { hub } from '../support/iam.js';
import {
  endMemberJourney,
  startMemberJourney,
  type JourneyState,
} from '../support/member-journey.js';
import { onMember } from '../support/members.js';
import { screenshot } from '../support/screenshots.js';

const suffix = `as${Date.now().toString(36)}`;
const orgName = `e2e-appstore-${suffix}`;
const cluster = `e2e-a-${suffix}`;
const ns = `e2e-as-${suffix}`;
const chart = `shop-${suffix}`;
const source = `e2e-src-${suffix}`;

const journey: JourneyState = { orgName, cluster, ns };
let page: Page;

beforeAll(async () => {
  ({ page } = await startMemberJourney(suffix, journey, () => {
    pushCharts(`e2e-${suffix}`, [
      {
        name: chart,
        version: '1.0.0',
        description: 'A shop for the app store journey',
        readme: '# Shop\n\nSells things from the app store journey.\n',
        values: 'mode: browser\n',
        templates: { 'configmap.yaml': configMapTemplate },
      },
    ]);
    applyChartSource(source, orgName, `e2e-${suffix}`);
  }));
}, 180_000);

afterAll(async () => {
  hub(['delete', 'chartsources.nimbus.io', source, '--ignore-not-found']);
  await endMemberJourney(suffix, journey);
});

const chooseCluster = (label: string) =>
  chooseCascaderPath(page, page.getByLabel(label).first(), ['Kubeconfig', 'local', cluster]);

describe('app store journey', () => {
  it("opens the app store and a chart's detail", async () => {
    await page.goto(new URL('/appstore', testEnv.operatorUrl).toString());
    await dismissMfaPrompt(page);
    await page.getByTestId(`chart-card-${chart}`).waitFor();
    await screenshot(page, 'app-store');
    await page.getByTestId(`chart-card-${chart}`).click();
    await page.getByTestId('chart-detail').waitFor();
    expect(await page.getByTestId('chart-readme').textContent()).toContain(
      'Sells things from the app store journey.',
    );
  });

  it('installs it into a namespace, as kubectl sees, and lists the release', async () => {
    await page.getByTestId('chart-install').click();
    await page.getByTestId('install-release').fill('shop');
    await chooseCluster('Cluster');
    await page.getByRole('combobox', { name: /Namespace$/ }).fill(ns);
    await page.getByTitle(ns, { exact: true }).click();
    await page
      .getByTestId('release-values')
      .locator('.cm-content')
      .getByText('mode: browser')
      .waitFor();
    await page.getByTestId('install-submit').click();
    await page.getByTestId('install-done').waitFor();
    const mode = onMember('member-a', [
      'get',
      'configmap',
      'shop-settings',
      '-n',
      ns,
      '-o',
      'jsonpath={.data.mode}',
    ]);
    expect(mode.stdout).toBe('browser');

    // Installed: one button, Close, and nothing to cancel.
    const dialog = page.locator('.ant-modal', { has: page.getByTestId('install-done') });
    expect(await dialog.locator('.ant-modal-footer').getByRole('button').allTextContents()).toEqual(
      ['Close'],
    );
    await page.getByTestId('install-submit').click();
    await dialog.waitFor({ state: 'hidden' });
    await page.goto(new URL('/appstore/list', testEnv.operatorUrl).toString());
    await dismissMfaPrompt(page);
    await page.getByRole('tab', { name: 'Releases' }).click();
    await chooseCluster('Cluster');
    await page.getByRole('combobox', { name: /Namespace$/ }).fill(ns);
    await page.getByTitle(ns, { exact: true }).click();
    const row = page.getByTestId('releases-table').locator('tr', { hasText: 'shop' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Deployed');
  });
});

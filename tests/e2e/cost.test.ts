// /cost in Chromium: member-a registered with its Prometheus; once the leader has sampled it
// (every 5 s under test), the breakdown by namespace lists demo and the idle row, and the charts
// are drawn.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser.js';
import { createOrganization, dismissMfaPrompt, signedInPage } from '../support/console.js';
import { api } from '../support/api.js';
import { eventually } from '../support/eventually.js';
import { testEnv } from '../support/env.js';
import { gitOpsSystemAdmin, hub, removeGitOpsSystemAdmin, type Session } from '../support/iam.js';
import { registerMember, unregisterMember } from '../support/members.js';
import { screenshot } from '../support/screenshots.js';

const suffix = `co${Date.now().toString(36)}`;
const orgName = `e2e-cost-${suffix}`;
const cluster = `e2e-a-${suffix}`;

let browser: Browser;
let page: Page;
let admin: Session;

beforeAll(async () => {
  browser = await launchChromium();
  admin = await gitOpsSystemAdmin(suffix);
  await createOrganization(admin, orgName);
  await registerMember(admin, cluster, orgName, 'member-a', { callerReady: true });
  page = await signedInPage(browser, { userName: `root-${suffix}`, password: `root${suffix}1` });
}, 90_000);

afterAll(async () => {
  await browser?.close();
  if (admin) await unregisterMember(admin, cluster, orgName);
  hub(['delete', 'organizations.nimbus.io', orgName, '--ignore-not-found', '--wait=false']);
  removeGitOpsSystemAdmin(suffix);
});

describe('cost center', () => {
  it('shows the breakdown by namespace with the idle row and the charts', async () => {
    // The first samples land within seconds of the cluster's index filling up.
    const today = new Date().toISOString().slice(0, 10);
    const allocation = await eventually(
      () =>
        api<{ items: Array<{ name: string; totalCost: number }> }>(
          'GET',
          'cost',
          `/allocation?from=${today}&to=${today}&aggregate=namespace&cluster=${cluster}`,
          { token: admin.token },
        ),
      // A cost, not only a row: the top spenders' chart draws no bar for a total of zero.
      (r) =>
        r.body.code === 0 &&
        r.body.data.items.some((item) => item.name === 'demo' && item.totalCost > 0),
      90_000,
    );
    const demo = allocation.body.data.items.find((item) => item.name === 'demo');
    expect(demo?.totalCost).toBeGreaterThan(0);
    await page.goto(new URL('/cost', testEnv.operatorUrl).toString());
    await dismissMfaPrompt(page);
    // This file's own cluster: a system administrator's breakdown has every registration of
    // member-a, and files running beside this one register it too (docs/testing.md).
    const choice = page.getByRole('combobox', { name: 'Cluster' });
    await choice.click();
    await choice.fill(cluster);
    await page.locator(`.ant-select-item-option[title="${cluster}"]`).click();
    const breakdown = page.getByTestId('cost-breakdown');
    await breakdown.getByRole('cell', { name: 'demo', exact: true }).first().waitFor();
    expect(await breakdown.getByText('Idle', { exact: true }).count()).toBeGreaterThan(0);
    await expect
      .poll(async () => {
        const clusters = await breakdown
          .locator('tbody tr.ant-table-row td:nth-child(2)')
          .allTextContents();
        return clusters.length > 0 && clusters.every((shown) => shown === cluster);
      })
      .toBe(true);
    // Each chart draws once its ResponsiveContainer has measured itself: the two may come apart.
    for (const chart of ['cost-trend', 'cost-top']) {
      const bars = page.getByTestId(chart).locator('.recharts-bar-rectangle');
      await bars.first().waitFor();
      expect(await bars.count()).toBeGreaterThan(0);
    }
    await screenshot(page, 'cost-center');
  });
});

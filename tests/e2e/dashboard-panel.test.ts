// Custom dashboards in Chromium against the test bed: a panel built with the PromQL builder (its
// metric completed from member-a's real Prometheus through value/metrics), saved into a custom
// dashboard, shown with its series on the dashboard's detail page and stored in the hub.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/api.js';
import { launchChromium } from '../support/browser.js';
import { createOrganization, signedInPage } from '../support/console.js';
import { eventually } from '../support/eventually.js';
import { testEnv } from '../support/env.js';
import {
  expectOk,
  gitOpsSystemAdmin,
  hub,
  removeGitOpsSystemAdmin,
  type Session,
} from '../support/iam.js';
import { registerMember, unregisterMember } from '../support/members.js';

const suffix = `dp${Date.now().toString(36)}`;
const orgName = `e2e-panel-${suffix}`;
const cluster = `e2e-a-${suffix}`;
const category = `infra-${suffix}`;
const dashboard = `nodes-${suffix}`;
const title = `Load ${suffix}`;

let browser: Browser;
let page: Page;
let admin: Session;

const monitor = (path: string, body: unknown) =>
  api('POST', 'monitor', path, { token: admin.token, body });

beforeAll(async () => {
  browser = await launchChromium();
  admin = await gitOpsSystemAdmin(suffix);
  await createOrganization(admin, orgName);
  await registerMember(admin, cluster, orgName, 'member-a', { callerReady: true });
  expectOk(await monitor('/dashboard-categories', { organizationId: orgName, name: category }));
  expectOk(
    await monitor('/dashboards', { organizationId: orgName, name: dashboard, category, cluster }),
  );
  page = await signedInPage(browser, { userName: `root-${suffix}`, password: `root${suffix}1` });
}, 90_000);

afterAll(async () => {
  await browser?.close();
  hub(['delete', 'dashboards.nimbus.io', dashboard, '--ignore-not-found']);
  hub(['delete', 'dashboardcategories.nimbus.io', category, '--ignore-not-found']);
  if (admin) await unregisterMember(admin, cluster, orgName);
  hub(['delete', 'organizations.nimbus.io', orgName, '--ignore-not-found', '--wait=false']);
  removeGitOpsSystemAdmin(suffix);
});

describe('custom dashboard panels', () => {
  it('builds a panel with the PromQL builder, saves it and shows it on the dashboard', async () => {
    // A bare screen (no shell): the MFA prompt of a full page load is not shown there.
    await page.goto(new URL(`/dashboard/${dashboard}/config`, testEnv.operatorUrl).toString());
    await page.getByLabel('Title', { exact: true }).fill(title);

    const builder = page.getByTestId('promql-builder');
    await builder.getByLabel('Metric').fill('node_load');
    // Offered by the cluster's Prometheus, not typed.
    await page.locator('.ant-select-item-option[title="node_load1"]').click();
    await builder.getByLabel(/Aggregate functions/).click();
    await page.locator('.ant-select-item-option[title="max"]').click();
    await page.getByTestId('promql-editor').getByText('max (node_load1)').waitFor();

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(new RegExp(`/dashboard-custom/dashboard/${dashboard}/detail$`));
    const card = page.locator('[data-testid^="panel-"]', { hasText: title });
    await card.waitFor();
    const chart = card.getByTestId('panel-chart');
    await chart.waitFor();
    const series = await eventually(
      async () => Number((await chart.getAttribute('data-series')) ?? '0'),
      (count) => count > 0,
      30_000,
    );
    expect(series).toBeGreaterThan(0);

    const stored = await eventually(
      () =>
        hub(['get', 'dashboards.nimbus.io', dashboard, '-o', 'jsonpath={.spec.panels[*].query}'])
          .stdout,
      (text) => text.includes('max (node_load1)'),
    );
    expect(stored).toContain('max (node_load1)');
  });
});

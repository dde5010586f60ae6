// Custom dashboards in Chromium against the test bed: a panel built with the PromQL builder (its
// metric completed from member-a's real Prometheus through value/metrics), saved into a custom
// dashboard, shown with its series on the dashboard's detail page and stored in the hub.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/api.js';
import { launchChromium } from '../support/browser.js';
import {
  chooseSelectOption,
  createOrganization,
  dismissMfaPrompt,
  signedInPage,
} from '../support/console.js';
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
import { screenshot } from '../support/screenshots.js';

const suffix = `dp${Date.now().toString(36)}`;
const orgName = `e2e-panel-${suffix}`;
const cluster = `e2e-a-${suffix}`;
const category = `infra-${suffix}`;
const dashboard = `nodes-${suffix}`;
const title = `Load ${suffix}`;
const memoryTitle = `Memory ${suffix}`;

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
    const editor = page.getByTestId('promql-editor');
    // Each choice is taken before the next: the query is rebuilt from the builder's state.
    await editor.getByText('node_load1', { exact: true }).waitFor();
    await chooseSelectOption(page, 'promql-builder-functions', 'max');
    await editor.getByText('max (node_load1)').waitFor();

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

  it("previews a panel in its unit, says why a query fails, and keeps the dashboard's range", async () => {
    await page.goto(new URL(`/dashboard/${dashboard}/config`, testEnv.operatorUrl).toString());
    await page.getByLabel('Title', { exact: true }).fill(memoryTitle);
    const preview = page.getByTestId('panel-preview');

    // A query Prometheus cannot parse: its reason in the preview.
    await page.getByTestId('promql-editor').locator('.cm-content').click();
    await page.keyboard.type('sum by (');
    await preview.getByRole('button', { name: 'Preview' }).click();
    const error = preview.getByTestId('panel-error');
    await error.waitFor();
    expect(await error.textContent()).toMatch(/parse error/);

    // Built from the cluster's metric names; the builder's query replaces the broken one.
    const builder = page.getByTestId('promql-builder');
    await builder.getByLabel('Metric').fill('node_memory_MemAvailable');
    await page.locator('.ant-select-item-option[title="node_memory_MemAvailable_bytes"]').click();
    await page.getByTestId('promql-editor').getByText('node_memory_MemAvailable_bytes').waitFor();
    await chooseSelectOption(page, 'panel-unit', 'Bytes (KiB, MiB, GiB)');
    await preview.getByRole('button', { name: 'Preview' }).click();
    const chart = preview.getByTestId('panel-chart');
    await chart.waitFor();
    const ticks = chart.locator('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value');
    await ticks.first().waitFor();
    const labels = await ticks.allTextContents();
    // Written in the unit, and wholly inside the chart (not clipped at its left edge).
    for (const label of labels) expect(label).toMatch(/^[0-9.]+ (B|KiB|MiB|GiB|TiB)$/);
    await screenshot(page, 'panel-preview-in-unit');
    const surface = await chart.locator('.recharts-wrapper > svg').boundingBox();
    for (const tick of await ticks.all()) {
      expect((await tick.boundingBox())?.x).toBeGreaterThanOrEqual(surface?.x ?? Infinity);
    }

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(new RegExp(`/dashboard-custom/dashboard/${dashboard}/detail$`));
    await dismissMfaPrompt(page);
    const stored = await eventually(
      () =>
        hub(['get', 'dashboards.nimbus.io', dashboard, '-o', 'jsonpath={.spec.panels[*].unit}'])
          .stdout,
      (text) => text.includes('bytes'),
    );
    expect(stored).toBe('bytes');

    // Every panel follows the range chosen above them, and a link (reload) keeps it.
    await chooseSelectOption(page, 'metrics-range', 'Last 7 days');
    await page.waitForURL(/[?&]range=7d/);
    await page.reload();
    await dismissMfaPrompt(page);
    await page.getByTestId('metrics-range').filter({ hasText: 'Last 7 days' }).waitFor();
    const card = page.locator('[data-testid^="panel-"]', { hasText: memoryTitle });
    await card.getByTestId('panel-chart').waitFor();
    await screenshot(page, 'custom-dashboard-range');
  });

  it("says why a query failed in the reader's language, the server's own words kept (zh)", async () => {
    await page.context().addCookies([{ name: 'language', value: 'zh', url: testEnv.operatorUrl }]);
    try {
      await page.goto(new URL(`/dashboard/${dashboard}/config`, testEnv.operatorUrl).toString());
      await page.getByTestId('promql-editor').locator('.cm-content').click();
      await page.keyboard.type('sum by (');
      // antd spaces out a two-character CJK label ("预 览"): the button by its test id.
      await page.getByTestId('panel-preview-run').click();
      const error = page.getByTestId('panel-preview').getByTestId('panel-error');
      await error.waitFor();
      const text = (await error.textContent()) ?? '';
      expect(text).toContain('此面板的查询失败');
      // The code's meaning in Chinese (1000), then Prometheus' precise English reason.
      expect(text).toMatch(/校验失败: .*parse error/);
    } finally {
      await page
        .context()
        .addCookies([{ name: 'language', value: 'en', url: testEnv.operatorUrl }]);
    }
  });
});

// /cluster-dashboard in Chromium against the test bed's real Prometheus: member-a registered with
// its monitors, the dashboard's real-time gauges, non-empty trend charts, the namespace monitor,
// the pod metrics on a pod's detail page, and the picker (cluster and range in the address, the
// cluster remembered; a second cluster on member-b to choose between).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser.js';
import {
  chooseSelectOption,
  createOrganization,
  dismissMfaPrompt,
  signedInPage,
} from '../support/console.js';
import { eventually } from '../support/eventually.js';
import { testEnv } from '../support/env.js';
import { gitOpsSystemAdmin, hub, removeGitOpsSystemAdmin, type Session } from '../support/iam.js';
import {
  firstDemoPod,
  prometheusHasRates,
  region,
  registerMember,
  unregisterMember,
} from '../support/members.js';
import { screenshot } from '../support/screenshots.js';

const suffix = `cd${Date.now().toString(36)}`;
const orgName = `e2e-dash-${suffix}`;
const cluster = `e2e-a-${suffix}`;
const secondCluster = `e2e-b-${suffix}`;

let browser: Browser;
let page: Page;
let admin: Session;

const url = (path: string) => new URL(path, testEnv.operatorUrl).toString();

/** Points a chart card drew (its data-points attribute), once it has some. */
async function pointsOf(testId: string): Promise<number> {
  const chart = page.getByTestId(testId);
  await chart.waitFor();
  return eventually(
    async () => Number((await chart.getAttribute('data-points')) ?? '0'),
    (points) => points > 0,
    30_000,
  );
}

beforeAll(async () => {
  browser = await launchChromium();
  admin = await gitOpsSystemAdmin(suffix);
  await createOrganization(admin, orgName);
  await registerMember(admin, cluster, orgName, 'member-a', { callerReady: true });
  await registerMember(admin, secondCluster, orgName, 'member-b', { callerReady: true });
  await prometheusHasRates('member-a');
  page = await signedInPage(browser, { userName: `root-${suffix}`, password: `root${suffix}1` });
}, 150_000);

afterAll(async () => {
  await browser?.close();
  if (admin) await unregisterMember(admin, cluster, orgName);
  if (admin) await unregisterMember(admin, secondCluster, orgName);
  hub(['delete', 'organizations.nimbus.io', orgName, '--ignore-not-found', '--wait=false']);
  removeGitOpsSystemAdmin(suffix);
});

describe('cluster dashboard', () => {
  it('shows the real-time gauges of the chosen cluster', async () => {
    await page.goto(url('/cluster-dashboard'));
    await dismissMfaPrompt(page);
    await chooseSelectOption(page, 'metrics-cluster', cluster);
    const realTime = page.getByTestId('metrics-realtime');
    await realTime.waitFor();
    expect(await realTime.getByText('CPU utilization').count()).toBe(1);
    expect(await realTime.locator('.ant-progress').count()).toBe(4);
  });

  it('draws non-empty historical trend charts: CPU, memory, disk, pods, load, network, IOPS, nodes', async () => {
    await page.getByRole('tab', { name: 'Historical trend' }).click();
    for (const chart of [
      'cpu',
      'memory',
      'disk',
      'pods',
      'nodeReadiness',
      'load',
      'network',
      'diskIops',
      'inodes',
      'nodeCpu',
    ]) {
      expect(await pointsOf(`metric-chart-${chart}`)).toBeGreaterThan(0);
    }
    expect(
      await page.getByTestId('metric-chart-cpu').locator('.recharts-line path').count(),
    ).toBeGreaterThan(0);
    // Axes in the metric's unit: the network in bytes per second, utilization in percent.
    const yTicks = async (chart: string) => {
      const labels = await page
        .getByTestId(`metric-chart-${chart}`)
        .locator('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value')
        .allTextContents();
      expect(labels.length).toBeGreaterThan(1);
      return labels;
    };
    for (const label of await yTicks('network')) expect(label).toMatch(/^[0-9.]+ [KMGT]?i?B\/s$/);
    for (const label of await yTicks('memory')) expect(label).toMatch(/^[0-9.]+%$/);
  });

  it('lists namespaces in the namespace monitor and charts the chosen one', async () => {
    await page.getByRole('tab', { name: 'Namespace monitor' }).click();
    await page
      .getByTestId('metrics-namespaces')
      .getByRole('cell', { name: 'demo', exact: true })
      .click();
    expect(await pointsOf('metric-chart-namespaceMemory')).toBeGreaterThan(0);
  });

  it('keeps the cluster and the range in the address, and remembers the cluster', async () => {
    await page.goto(url('/cluster-dashboard'));
    await dismissMfaPrompt(page);
    // Picked: the one of the two that is not shown first, so it can only come back remembered.
    const picker = page.getByTestId('metrics-cluster');
    await picker.filter({ hasText: /\S/ }).waitFor();
    const shown = (await picker.textContent()) ?? '';
    const picked = shown.includes(cluster) ? secondCluster : cluster;
    await chooseSelectOption(page, 'metrics-cluster', picked);
    const key = `ProviderKubeconfig/${region}/${picked}`;
    await page.waitForURL((address) => address.searchParams.get('cluster') === key);
    await chooseSelectOption(page, 'metrics-range', 'Last 3 days');
    await page.waitForURL((address) => address.searchParams.get('range') === '3d');
    await page.reload();
    await page.getByTestId('metrics-range').filter({ hasText: 'Last 3 days' }).waitFor();
    await picker.filter({ hasText: picked }).waitFor();

    // Opened without them: the range is the default, the cluster the one chosen last.
    await page.goto(url('/cluster-dashboard'));
    await page.getByTestId('metrics-range').filter({ hasText: 'Last 1 hour' }).waitFor();
    await picker.filter({ hasText: picked }).waitFor();
    await page.waitForURL((address) => address.searchParams.get('cluster') === key);
  });

  it('shows the components, the probes and the metric catalogue, the tab in the address', async () => {
    const key = `ProviderKubeconfig/${region}/${cluster}`;
    await page.goto(url(`/cluster-dashboard?cluster=${encodeURIComponent(key)}&tab=components`));
    await dismissMfaPrompt(page);
    // member-a's Prometheus scrapes itself, the API server and node-exporter; all up.
    const components = page.getByTestId('metrics-components');
    const apiserver = components.getByRole('row').filter({ hasText: 'apiserver' });
    await apiserver.first().waitFor();
    expect(await apiserver.first().textContent()).toContain('Up');
    expect(await components.getByText('API server requests').count()).toBe(1);

    // The black-box exporter probes the member's API server's /livez.
    await page.getByRole('tab', { name: 'Probes' }).click();
    await page.waitForURL((address) => address.searchParams.get('tab') === 'probes');
    const livez = page.getByTestId('metrics-probes').getByRole('row').filter({ hasText: '/livez' });
    await eventually(
      async () => (await livez.count()) > 0 && ((await livez.first().textContent()) ?? ''),
      (text) => typeof text === 'string' && text.includes('Success') && text.includes('200'),
      30_000,
    );
    await screenshot(page, 'monitoring-probes');

    await page.getByRole('tab', { name: 'Metric catalogue' }).click();
    const catalogue = page.getByTestId('metrics-catalogue');
    await catalogue.getByLabel('Filter by key or PromQL').fill('probe_');
    await catalogue.getByRole('cell', { name: 'probe_success', exact: true }).waitFor();
    await screenshot(page, 'metric-catalogue');
    expect(
      await catalogue.getByRole('cell', { name: 'cpu_utilization', exact: true }).count(),
    ).toBe(0);
  });

  it('finds a pod by name in every cluster and opens it', async () => {
    const pod = firstDemoPod('member-a');
    await page.getByRole('tab', { name: 'Pod search' }).click();
    const search = page.getByTestId('metrics-pod-search');
    await search.getByLabel('Pod name contains').fill(pod.slice(0, -2));
    await search.getByLabel('Pod name contains').press('Enter');
    // Other journeys' clusters may point at member-a too: the row of this one.
    const row = search.getByRole('row').filter({ hasText: cluster }).filter({ hasText: pod });
    await row.first().waitFor({ timeout: 30_000 });
    await row.first().getByRole('link', { name: pod }).click();
    await page.waitForURL(
      (address) =>
        address.pathname === `/detail/Pod/${pod}` &&
        address.searchParams.get('cluster') === cluster,
    );
  });

  it("shows a pod's metrics on its detail page", async () => {
    const pod = firstDemoPod('member-a');
    const query = new URLSearchParams({
      vendor: 'ProviderKubeconfig',
      region,
      cluster,
      namespace: 'demo',
    });
    await page.goto(url(`/detail/Pod/${pod}?${query.toString()}`));
    await page.getByTestId('pod-metrics').waitFor();
    expect(await pointsOf('metric-chart-podMemory')).toBeGreaterThan(0);
  });
});

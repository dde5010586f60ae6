// /cluster-dashboard in Chromium against the test bed's real Prometheus: member-a registered with
// its monitors, the dashboard's real-time gauges, non-empty trend charts, the namespace monitor,
// and the pod metrics on a pod's detail page.
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
import { firstDemoPod, region, registerMember, unregisterMember } from '../support/members.js';

const suffix = `cd${Date.now().toString(36)}`;
const orgName = `e2e-dash-${suffix}`;
const cluster = `e2e-a-${suffix}`;

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
  page = await signedInPage(browser, { userName: `root-${suffix}`, password: `root${suffix}1` });
}, 90_000);

afterAll(async () => {
  await browser?.close();
  if (admin) await unregisterMember(admin, cluster, orgName);
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
  });

  it('lists namespaces in the namespace monitor and charts the chosen one', async () => {
    await page.getByRole('tab', { name: 'Namespace monitor' }).click();
    await page
      .getByTestId('metrics-namespaces')
      .getByRole('cell', { name: 'demo', exact: true })
      .click();
    expect(await pointsOf('metric-chart-namespaceMemory')).toBeGreaterThan(0);
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

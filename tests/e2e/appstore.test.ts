// The app store in Chromium against the operator under test: a chart pushed with `helm push` to
// the test bed's registry shows up in the list through its organization's ChartSource; its
// detail page shows the README; installing it from there creates the release's objects, which
// kubectl on the member sees, and the release is listed with its status and when it changed.
// The chart's icon, on a host of its own, reaches the console as the operator read it: the
// browser never asks that host.
import { createServer, type Server } from 'node:http';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applyChartSource,
  configMapTemplate,
  pushCharts,
  untilChartSourceSeen,
} from '../support/charts.js';
import { chooseCascaderPath, dismissMfaPrompt } from '../support/console.js';
import { testEnv } from '../support/env.js';
import { hub, type Session } from '../support/iam.js';
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

// The icon host: 127.0.0.1:<port base + 43>, on the operator's outbound allow-list (docs/testbed.md).
const iconPort = Number(process.env.NIMBUS_TESTBED_PORT_BASE ?? 16440) + 43;
const iconSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><title>${suffix}</title><rect width="8" height="8" fill="#1677ff"/></svg>`;
const iconUrl = `http://127.0.0.1:${iconPort}/${chart}.svg`;
let iconHost: Server;
let iconReads = 0;
const browserAskedIconHost: string[] = [];

const journey: JourneyState = { orgName, cluster, ns };
let page: Page;

beforeAll(async () => {
  iconHost = createServer((req, res) => {
    iconReads += 1;
    if (req.url !== `/${chart}.svg`) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'image/svg+xml' }).end(iconSvg);
  });
  await new Promise<void>((resolve, reject) => {
    iconHost.once('error', reject);
    iconHost.listen(iconPort, '127.0.0.1', () => resolve());
  });
  let admin: Session;
  ({ page, admin } = await startMemberJourney(suffix, journey, () => {
    pushCharts(`e2e-${suffix}`, [
      {
        name: chart,
        version: '1.0.0',
        description: 'A shop for the app store journey',
        readme: '# Shop\n\nSells things from the app store journey.\n',
        values: 'mode: browser\n',
        icon: iconUrl,
        templates: { 'configmap.yaml': configMapTemplate },
      },
    ]);
    applyChartSource(source, orgName, `e2e-${suffix}`);
  }));
  // The list page asks the catalogue once, and the catalogue reads chart sources from the
  // operator's hub watch: the source must be seen there before the page opens.
  await untilChartSourceSeen(admin, orgName, source);
  page.on('request', (request) => {
    if (new URL(request.url()).port === String(iconPort)) browserAskedIconHost.push(request.url());
  });
}, 180_000);

afterAll(async () => {
  hub(['delete', 'chartsources.nimbus.io', source, '--ignore-not-found']);
  await endMemberJourney(suffix, journey);
  iconHost.closeAllConnections();
  await new Promise<void>((resolve) => iconHost.close(() => resolve()));
});

const chooseCluster = (label: string) =>
  chooseCascaderPath(page, page.getByLabel(label).first(), ['Kubeconfig', 'local', cluster]);

describe('app store journey', () => {
  it("opens the app store and a chart's detail", async () => {
    await page.goto(new URL('/appstore', testEnv.operatorUrl).toString());
    await dismissMfaPrompt(page);
    await page.getByTestId(`chart-card-${chart}`).waitFor();
    // The chart's own icon, as a data: URL the operator made from what the icon host answered.
    const icon = page.getByTestId(`chart-card-${chart}`).getByTestId('chart-icon').locator('img');
    await icon.waitFor();
    const src = (await icon.getAttribute('src')) ?? '';
    expect(src.startsWith('data:image/svg+xml;base64,')).toBe(true);
    expect(Buffer.from(src.slice(src.indexOf(',') + 1), 'base64').toString()).toBe(iconSvg);
    expect(iconReads).toBeGreaterThan(0);
    expect(browserAskedIconHost).toEqual([]);
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
    // When it changed, in the reader's language, not the server's ISO text.
    const cells = await row.locator('td').allTextContents();
    const updated = cells.find((cell) => /\d{1,2}:\d{2}:\d{2}/.test(cell));
    expect(updated).toMatch(/^\d{1,2}\/\d{1,2}\/\d{4}, \d{1,2}:\d{2}:\d{2}\s?[AP]M$/);
  });
});

// Where an administrator finds the daily tools, in Chromium against the operator under test: the
// cost center and the app store in the side navigation and the header Menu, chart sources in the
// admin area; a chart source added in the console (its connection tested before it is saved)
// brings its charts to the app store; the role form names the organization it creates into and
// allows a whole group at once; an admin list keeps its search in the address; Ctrl+K opens the
// global search from any page; an admin list sorts on the server, hides a column for good and
// exports every row as CSV.
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsvRows } from '../../operator/src/audit/export-format.js';
import { pushStockChart, registryAddress } from '../support/charts.js';
import { dismissMfaPrompt, openHeaderMenu } from '../support/console.js';
import { eventually, onScreen } from '../support/eventually.js';
import { testEnv } from '../support/env.js';
import { expectOk, hub, hubJson, type HubObject, type Session } from '../support/iam.js';
import {
  endMemberJourney,
  startMemberJourney,
  type JourneyState,
} from '../support/member-journey.js';

const suffix = `fd${Date.now().toString(36)}`;
const orgName = `e2e-findable-${suffix}`;
const cluster = `e2e-a-${suffix}`;
const ns = `e2e-fd-${suffix}`;
const chart = `tools-${suffix}`;
const source = `e2e-src-${suffix}`;
const role = `helpers-${suffix}`;

const journey: JourneyState = { orgName, cluster, ns };
let page: Page;
let admin: Session;

beforeAll(async () => {
  ({ page, admin } = await startMemberJourney(suffix, journey, () =>
    pushStockChart(`e2e-${suffix}`, chart),
  ));
}, 180_000);

afterAll(async () => {
  hub(['delete', 'chartsources.nimbus.io', source, '--ignore-not-found']);
  await endMemberJourney(suffix, journey);
});

const open = async (path: string) => {
  await page.goto(new URL(path, testEnv.operatorUrl).toString());
  await dismissMfaPrompt(page);
};

/** The hub's resources of `plural` as JSON, for what the console wrote. */
const hubItems = <T>(plural: string): T[] =>
  (JSON.parse(hub(['get', plural, '-o', 'json']).stdout) as { items: T[] }).items;

describe('the daily tools, where an administrator looks', () => {
  it('reaches the cost center and the app store from the side navigation and the Menu', async () => {
    await open('/home');
    const nav = page.getByTestId('side-nav');
    await nav.getByRole('link', { name: 'Cost center', exact: true }).click();
    await page.waitForURL((address) => address.pathname === '/cost');
    await nav.getByRole('link', { name: 'App store', exact: true }).click();
    await page.waitForURL((address) => address.pathname === '/appstore/list');

    const tools = (await openHeaderMenu(page)).getByTestId('menu-tools');
    await tools.getByRole('link', { name: 'Cost center', exact: true }).click();
    await page.waitForURL((address) => address.pathname === '/cost');
    const admin = (await openHeaderMenu(page)).getByTestId('admin-services');
    await admin.getByRole('link', { name: 'Chart sources', exact: true }).click();
    await page.waitForURL((address) => address.pathname === '/admin/appstore/sources');
  });

  it('adds a chart source in the console, tested first; its charts reach the app store', async () => {
    await open('/admin/appstore/sources');
    await page.getByRole('button', { name: 'Add chart source' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a chart source' });
    expect(await dialog.getByTestId('organization-note').textContent()).toContain(orgName);
    await dialog.getByTestId('chart-source-name').fill(source);
    await dialog.getByTestId('chart-source-url').fill(`oci://${registryAddress}/e2e-${suffix}`);
    await dialog.getByTestId('chart-source-plain-http').click();
    // Saved only after a passing test of exactly what was entered.
    const save = dialog.getByRole('button', { name: 'Save' });
    expect(await save.isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Test connection' }).click();
    expect(await dialog.getByTestId('chart-source-test-result').textContent()).toContain(
      'Connected: 1 charts',
    );
    await save.click();
    await dialog.waitFor({ state: 'detached' });

    const [stored] = hubItems<{
      metadata: { name: string };
      spec: { url: string; plainHttp?: boolean };
    }>('chartsources.nimbus.io').filter((item) => item.metadata.name === source);
    expect(stored?.spec).toMatchObject({
      url: `oci://${registryAddress}/e2e-${suffix}`,
      plainHttp: true,
    });
    await page.getByRole('row', { name: new RegExp(source) }).waitFor();

    // The app store reads the new source once the operator's hub watch has seen it.
    const card = page.getByTestId(`chart-card-${chart}`);
    const shown = await eventually(
      async () => {
        await open('/appstore/list');
        await page.getByTestId('appstore-search').waitFor();
        return card.count();
      },
      (count) => count > 0,
      30_000,
    );
    expect(shown).toBe(1);
  });

  it('creates a role in the organization it names, a whole group allowed at once', async () => {
    const description = `Reads applications, ${suffix}`;
    await open('/admin/role/add');
    expect(await page.getByTestId('organization-note').textContent()).toContain(orgName);
    const form = page.getByTestId('admin-role-form');
    await form.getByLabel('Name', { exact: true }).fill(role);
    await form.getByLabel('Description', { exact: true }).fill(description);
    const group = form.getByTestId('role-group-application');
    const allowAll = group.getByRole('button', { name: 'Allow all: Applications' });
    await allowAll.click();
    // Every permission of the group now allowed, the button has nothing left to do.
    await eventually(
      () => allowAll.isDisabled(),
      (disabled) => disabled,
      onScreen,
    );
    const perGroup = await group.getByTestId('role-group-tally').textContent();
    expect(perGroup).toMatch(/^\d+ allowed · 0 denied$/);
    const allowed = Number(perGroup?.split(' ')[0]);
    await form.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL((address) => address.pathname !== '/admin/role/add');

    const saved = await eventually(
      () =>
        hubItems<{
          spec: { description?: string; permissions?: Array<{ name: string; effect: string }> };
        }>('roles.nimbus.io').find((item) => item.spec.description === description),
      (found) => found !== undefined,
      onScreen,
    );
    const permissions = saved?.spec.permissions ?? [];
    expect(permissions).toHaveLength(allowed);
    expect(
      permissions.every((p) => p.name.startsWith('application:') && p.effect === 'Allow'),
    ).toBe(true);
  });

  it("keeps an admin list's search in its address, and reads it again on Refresh", async () => {
    const nothing = `nothing-${suffix}`;
    await open('/admin/role');
    const search = page.getByRole('searchbox', { name: 'Search roles' });
    await search.fill(nothing);
    await search.press('Enter');
    await page.waitForURL((address) => address.searchParams.get('search') === nothing);
    const table = page.getByTestId('admin-roles-table');
    await table.getByText('No roles').waitFor();

    // A reload (or a link) opens the same view.
    await page.reload();
    await dismissMfaPrompt(page);
    await table.getByText('No roles').waitFor();
    expect(await search.inputValue()).toBe(nothing);
    await page.getByTestId('admin-roles-table-refresh').click();
    await table.getByText('No roles').waitFor();
    expect(new URL(page.url()).searchParams.get('search')).toBe(nothing);
  });

  it('sorts an admin list on the server, hides a column for good, and exports it as CSV', async () => {
    const organizationId = hubJson<HubObject>(['get', 'organizations.nimbus.io', orgName]).metadata
      .uid;
    const groups = ['alpha', 'bravo', 'charlie'].map((name) => `${name}-${suffix}`);
    for (const name of groups) {
      expectOk(
        await admin.call('POST', '/groups', {
          name,
          description: `the ${name} team`,
          organizationId,
        }),
      );
    }
    const table = page.getByTestId('admin-groups-table');
    const heading = (title: string) =>
      table.locator('thead th').filter({ hasText: new RegExp(`^${title}$`) });
    // Only this test's groups: another test of the file may add its own.
    const names = async () =>
      (await table.locator('tbody tr.ant-table-row td:first-child').allTextContents()).filter(
        (name) => groups.includes(name),
      );
    const shown = (first = groups[0]) =>
      eventually(names, (now) => now.length === groups.length && now[0] === first, onScreen);
    await open('/admin/group');
    expect(await shown()).toEqual(groups);

    // The second click on Name orders the list the other way round, on the server, in the address.
    await heading('Name').click();
    await page.waitForURL((address) => address.searchParams.get('order') === 'desc');
    expect(new URL(page.url()).searchParams.get('sort')).toBe('name');
    expect(await shown(groups[2])).toEqual([...groups].reverse());

    await page.getByTestId('admin-groups-table-columns').click();
    await page
      .getByTestId('admin-groups-table-columns-choice')
      .getByRole('checkbox', { name: 'Description' })
      .uncheck();
    await heading('Description').waitFor({ state: 'detached' });

    // A reload opens the same order, without the hidden column.
    await page.reload();
    await dismissMfaPrompt(page);
    expect(await shown(groups[2])).toEqual([...groups].reverse());
    expect(await heading('Description').count()).toBe(0);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('admin-groups-table-export').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^nimbus-groups-\d{4}-\d{2}-\d{2}\.csv$/);
    const [header, ...rows] = parseCsvRows(
      (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, ''),
    );
    expect(header).toEqual(['Name', 'Members', 'Cluster roles', 'Created at']);
    expect(rows.map((row) => row[0])).toEqual([...groups].reverse());
    expect(rows.every((row) => !Number.isNaN(Date.parse(row[3] ?? '')))).toBe(true);
  });

  it('shows a group added meanwhile, without a reload or Refresh', async () => {
    const organizationId = hubJson<HubObject>(['get', 'organizations.nimbus.io', orgName]).metadata
      .uid;
    const name = `live-${suffix}`;
    await open('/admin/group');
    const table = page.getByTestId('admin-groups-table');
    await page.getByTestId('live-mark').and(page.locator('[data-status="live"]')).waitFor();
    expect(await table.getByText(name, { exact: true }).count()).toBe(0);
    expectOk(await admin.call('POST', '/groups', { name, organizationId }));
    // The hub tells the operator, the change stream tells the page, the page reads its list.
    await table.getByText(name, { exact: true }).waitFor();
  });

  it('opens the global search with Ctrl+K from any page', async () => {
    await open('/cost');
    await page.keyboard.press('Control+k');
    const search = page.getByRole('dialog', { name: 'Search resources' });
    await search.waitFor();
    await page.keyboard.press('Escape');
    await search.waitFor({ state: 'hidden' });
  });
});

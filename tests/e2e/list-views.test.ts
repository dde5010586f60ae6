// A list people live in, in Chromium against the operator under test: 25 config maps of one
// namespace paged by 20, the view kept in the URL (a reload opens the same page), sorted on the
// server, a bigger page, a hidden column that stays hidden, a CSV download of everything the
// filters match, Refresh showing what appeared on the member since, and the list following the
// member's changes by itself.
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsvRows } from '../../operator/src/audit/export-format.js';
import { commonCsvColumns } from '../../operator/src/index/export-kind.js';
import { dismissMfaPrompt } from '../support/console.js';
import { testEnv } from '../support/env.js';
import {
  endMemberJourney,
  startMemberJourney,
  type JourneyState,
} from '../support/member-journey.js';
import { eventually } from '../support/eventually.js';
import { applyOnMember, onMember } from '../support/members.js';
import { screenshot } from '../support/screenshots.js';

const suffix = `lv${Date.now().toString(36)}`;
const orgName = `e2e-lists-${suffix}`;
const cluster = `e2e-a-${suffix}`;
const ns = `e2e-lv-${suffix}`;
const nameOf = (n: number) => `cfg-${String(n).padStart(2, '0')}-${suffix}`;
const names = Array.from({ length: 25 }, (_, n) => nameOf(n));
const lateName = nameOf(25);

const journey: JourneyState = { orgName, cluster, ns };
let page: Page;

const at = (path: string) => new URL(path, testEnv.operatorUrl).toString();
// Every list here is filtered to this file's own cluster: a system administrator sees each
// registration of member-a, and other files register it beside this one (docs/testing.md).
const ownList = (query = '') => at(`/list/ConfigMap?cluster=${cluster}${query}`);
const configMap = (name: string) => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name, namespace: ns, labels: { journey: suffix } },
  data: { 'app.yaml': 'port: 8080' },
});

/** The names the table shows, top to bottom. */
const shownNames = async (): Promise<string[]> =>
  page.getByTestId('resource-table').locator('tbody tr a').allTextContents();
const headers = async (): Promise<string[]> =>
  page.getByTestId('resource-table').locator('thead th').allTextContents();
const until = async (want: (names: string[]) => boolean): Promise<string[]> => {
  await page.waitForFunction(() => !document.querySelector('.ant-spin-spinning'));
  return eventually(shownNames, want);
};

beforeAll(async () => {
  ({ page } = await startMemberJourney(suffix, journey, () => {
    applyOnMember('member-a', names.map(configMap));
  }));
}, 120_000);

afterAll(() => endMemberJourney(suffix, journey));

describe('a list kept in its URL', () => {
  it('pages by 20, and a reload opens the same page', async () => {
    await page.goto(ownList());
    await dismissMfaPrompt(page);
    await page.getByTestId('resource-filter-name').fill(suffix);
    await page.getByTestId('resource-filter-search').click();
    await page.waitForURL(
      (url) =>
        url.searchParams.get('name') === suffix && url.searchParams.get('cluster') === cluster,
    );
    // The index has them all once the first page is full.
    const first = await eventually(
      async () => {
        await page.getByTestId('resource-refresh').click();
        return until(() => true);
      },
      (shown) => shown.length === 20,
    );
    expect(first).toEqual(names.slice(0, 20));
    expect(await page.getByTestId('resource-page-number').textContent()).toBe('Page 1');

    await page.getByTestId('resource-page-next').click();
    await page.waitForURL((url) => url.searchParams.has('cursor'));
    expect(await until((shown) => shown[0] === names[20])).toEqual(names.slice(20));
    await page.reload();
    await dismissMfaPrompt(page);
    expect(await until((shown) => shown.length === 5)).toEqual(names.slice(20));
    expect(await page.getByTestId('resource-filter-name').inputValue()).toBe(suffix);
  });

  it('sorts on the server, shows a bigger page, keeps a hidden column hidden', async () => {
    await page.goto(ownList(`&name=${suffix}`));
    await dismissMfaPrompt(page);
    await until((shown) => shown.length === 20);
    await page.getByRole('columnheader', { name: 'Name', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('order') === 'desc');
    expect(await until((shown) => shown[0] === names[24])).toEqual(
      [...names].reverse().slice(0, 20),
    );

    await page.getByTestId('resource-page-size').click();
    await page.locator('.ant-select-item-option[title="50 / page"]').click();
    await page.waitForURL((url) => url.searchParams.get('pageSize') === '50');
    expect(await until((shown) => shown.length === 25)).toEqual([...names].reverse());
    expect(await page.getByTestId('resource-pager').count()).toBe(0);

    expect(await headers()).toContain('Namespace');
    await page.getByTestId('resource-columns').click();
    await page
      .getByTestId('resource-columns-choice')
      .getByRole('checkbox', { name: 'Namespace' })
      .uncheck();
    await eventually(headers, (shown) => !shown.includes('Namespace'));
    await screenshot(page, 'list-columns-and-page-size');
    await page.reload();
    await dismissMfaPrompt(page);
    await until((shown) => shown.length === 25);
    expect(await headers()).not.toContain('Namespace');
    expect(await headers()).toContain('Cluster');
  });

  it('downloads everything the filters match as CSV, in the list order', async () => {
    await page.goto(ownList(`&name=${suffix}&order=desc`));
    await dismissMfaPrompt(page);
    await until((shown) => shown.length === 20);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('resource-export-csv').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^nimbus-configmaps-.*\.csv$/);
    const rows = parseCsvRows(await readFile(await download.path(), 'utf8'));
    expect(rows[0]).toEqual([...commonCsvColumns, 'keys']);
    expect(rows.slice(1).map((row) => row[1])).toEqual([...names].reverse());
    expect(rows[1]?.slice(2, 4)).toEqual([ns, cluster]);
    expect(rows[1]?.[7]).toBe(`journey=${suffix}`);
    // The kind's own column, as its list shows it: the number of keys.
    expect(rows[1]?.[8]).toBe('1');
  });

  it('shows on Refresh what appeared on the member since', async () => {
    await page.goto(ownList(`&name=${suffix}&order=desc&pageSize=50`));
    await dismissMfaPrompt(page);
    await until((shown) => shown.length === 25);
    applyOnMember('member-a', [configMap(lateName)]);
    const shown = await eventually(
      async () => {
        await page.getByTestId('resource-refresh').click();
        return until(() => true);
      },
      (names) => names[0] === lateName,
    );
    expect(shown).toHaveLength(26);
  });
});

describe('a live list', () => {
  it('shows what appears and goes on the member without a reload or Refresh', async () => {
    const liveName = nameOf(26);
    await page.goto(ownList(`&name=${suffix}&order=desc&pageSize=50`));
    await dismissMfaPrompt(page);
    await until((shown) => shown.length >= 25);
    await page.getByTestId('live-mark').and(page.locator('[data-status="live"]')).waitFor();
    applyOnMember('member-a', [configMap(liveName)]);
    const shown = await eventually(shownNames, (names) => names.includes(liveName), {
      timeoutMs: 15_000,
      intervalMs: 200,
    });
    expect(shown[0]).toBe(liveName);

    expect(onMember('member-a', ['delete', 'configmap', liveName, '-n', ns]).status).toBe(0);
    const after = await eventually(shownNames, (shown) => !shown.includes(liveName), {
      timeoutMs: 15_000,
      intervalMs: 200,
    });
    expect(after).not.toContain(liveName);
    expect(after.length).toBeGreaterThanOrEqual(25);
  });
});

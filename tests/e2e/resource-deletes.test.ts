// Deleting from the generic screens in Chromium against the operator under test: a service from
// its detail page behind its name (in English), then two config maps selected in their list and
// deleted together behind their count, in Japanese; kubectl on the member sees each gone and the
// list no longer shows them.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dismissMfaPrompt } from '../support/console.js';
import { testEnv } from '../support/env.js';
import {
  endMemberJourney,
  startMemberJourney,
  type JourneyState,
} from '../support/member-journey.js';
import { eventually } from '../support/eventually.js';
import { applyOnMember, onMember, region } from '../support/members.js';
import { screenshot } from '../support/screenshots.js';

const suffix = `rdel${Date.now().toString(36)}`;
const orgName = `e2e-deletes-${suffix}`;
const cluster = `e2e-a-${suffix}`;
const ns = `e2e-rd-${suffix}`;
const serviceName = `svc-${suffix}`;
const configNames = [`cfg-a-${suffix}`, `cfg-b-${suffix}`];
const keptName = `cfg-keep-${suffix}`;

const journey: JourneyState = { orgName, cluster, ns };
let page: Page;

const at = (path: string) => new URL(path, testEnv.operatorUrl).toString();
const onMemberNow = (kind: string, name: string): string =>
  onMember('member-a', [
    'get',
    kind,
    name,
    '-n',
    ns,
    '--ignore-not-found',
    '-o',
    'name',
  ]).stdout.trim();
const goneFromMember = (kind: string, name: string) =>
  eventually(
    () => onMemberNow(kind, name),
    (found) => found === '',
  );

beforeAll(async () => {
  ({ page } = await startMemberJourney(suffix, journey, () => {
    applyOnMember('member-a', [
      {
        apiVersion: 'v1',
        kind: 'Service',
        metadata: { name: serviceName, namespace: ns },
        spec: { selector: { app: 'web' }, ports: [{ port: 80 }] },
      },
      ...[...configNames, keptName].map((name) => ({
        apiVersion: 'v1',
        kind: 'ConfigMap',
        metadata: { name, namespace: ns },
        data: { 'app.yaml': 'port: 8080' },
      })),
    ]);
  }));
}, 120_000);

afterAll(() => endMemberJourney(suffix, journey));

/**
 * The list of `kind` on this file's own cluster (a system administrator sees every registration
 * of member-a, and other files register it beside this one: docs/testing.md), narrowed to this
 * test's objects by the name filter.
 */
async function openList(kind: string): Promise<void> {
  await page.goto(at(`/list/${kind}?cluster=${cluster}`));
  await dismissMfaPrompt(page);
  await page.getByTestId('resource-filter-name').fill(suffix);
  await page.getByTestId('resource-filter-search').click();
}

describe('deleting from the console', () => {
  it('deletes a service from its detail page once its name is typed', async () => {
    const query = new URLSearchParams({
      vendor: 'ProviderKubeconfig',
      region,
      cluster,
      namespace: ns,
    });
    await page.goto(at(`/detail/Service/${serviceName}?${query.toString()}`));
    await dismissMfaPrompt(page);
    await page.getByTestId('resource-action-delete').click();
    const dialog = page.getByRole('dialog', { name: `Delete ${serviceName}` });
    const confirm = dialog.getByRole('button', { name: 'Delete' });
    await dialog.getByTestId('delete-confirm-input').fill(serviceName.slice(0, -1));
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByTestId('delete-confirm-input').fill(serviceName);
    await confirm.click();

    await page.waitForURL(/\/list\/Service$/);
    expect(await goneFromMember('service', serviceName)).toBe('');
  });

  it('deletes two selected config maps together, in Japanese', async () => {
    await page.context().addCookies([{ name: 'language', value: 'ja', url: testEnv.operatorUrl }]);
    await openList('ConfigMap');
    const table = page.getByTestId('resource-table');
    for (const name of [...configNames, keptName]) {
      await table.getByRole('link', { name }).waitFor();
    }
    for (const name of configNames) {
      await table.getByRole('checkbox', { name: `${name} を選択` }).check();
    }
    await page.getByRole('button', { name: '選択項目を削除（2）' }).click();

    const dialog = page.getByRole('dialog', { name: '選択したオブジェクトを削除' });
    await dialog.getByText('確認のため 2 と入力してください').waitFor();
    await dialog.getByTestId('delete-confirm-input').fill('2');
    await screenshot(page, 'batch-delete-ja');
    // antd spaces out a two-character CJK label ("削 除"): the button by its test id.
    await dialog.getByTestId('batch-delete-ok').click();
    // Once every row has an outcome the same button closes the dialog.
    const close = dialog.getByTestId('batch-delete-ok').filter({ hasText: '閉じる' });
    await close.waitFor();
    expect(await dialog.getByTestId('outcome-done').count()).toBe(2);
    await close.click();

    for (const name of configNames) {
      await table.getByRole('link', { name }).waitFor({ state: 'detached' });
      expect(await goneFromMember('configmap', name)).toBe('');
    }
    expect(onMemberNow('configmap', keptName)).not.toBe('');
    // A fresh read of the list (the index, not the page's memory) agrees once the index's watch
    // has seen the deletions.
    const listedAfterReload = async (): Promise<number> => {
      await openList('ConfigMap');
      await table.getByRole('link', { name: keptName }).waitFor();
      let listed = 0;
      for (const name of configNames) listed += await table.getByRole('link', { name }).count();
      return listed;
    };
    expect(await eventually(listedAfterReload, (listed) => listed === 0)).toBe(0);
  });
});

// The audit log as people read it, in Chinese in Chromium against the operator under test: a
// user group created through the API is named by its operation in the reader's language with
// its target, the table fits the page without sideways scrolling, a connection test sits under
// Checks and not Changes, and the operation filter finds the group's record.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/api.js';
import { launchChromium } from '../support/browser.js';
import { createOrganization, dismissMfaPrompt, signedInPage } from '../support/console.js';
import { testEnv } from '../support/env.js';
import { eventually } from '../support/eventually.js';
import {
  expectOk,
  gitOpsSystemAdmin,
  hub,
  removeGitOpsSystemAdmin,
  type Session,
} from '../support/iam.js';
import { screenshot } from '../support/screenshots.js';

const suffix = `al${Date.now().toString(36)}`;
const orgName = `e2e-audit-${suffix}`;
const group = `auditors-${suffix}`;
const registry = `probe-${suffix}`;

let browser: Browser | undefined;
let page: Page;
let root: Session | undefined;
let groupId = '';

const rows = () => page.getByTestId('audit-table').locator('tbody tr.ant-table-row');

beforeAll(async () => {
  browser = await launchChromium();
  root = await gitOpsSystemAdmin(suffix);
  await createOrganization(root, orgName);
  ({ uuid: groupId } = expectOk(
    await root.call<{ uuid: string }>('POST', '/groups', {
      name: group,
      organizationId: orgName,
      description: 'e2e',
      userIds: [],
      providers: [],
    }),
  ));
  await api('POST', 'manage', '/registries/test', {
    token: root.token,
    body: { organizationId: orgName, name: registry, kind: 'Distribution', host: '127.0.0.1:1' },
  });
  page = await signedInPage(browser, { userName: `root-${suffix}`, password: `root${suffix}1` });
  await page.setViewportSize({ width: 1280, height: 900 });
  // The reader's language: the console reads it from its cookie at load.
  await page.context().addCookies([{ name: 'language', value: 'zh', url: testEnv.operatorUrl }]);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  if (root && groupId) await root.call('DELETE', `/organizations/${orgName}/groups/${groupId}`);
  hub(['delete', 'organizations.nimbus.io', orgName, '--ignore-not-found', '--wait=false']);
  removeGitOpsSystemAdmin(suffix);
});

describe('the audit log in Chinese', () => {
  it('names the operation and its target, and fits the page', async () => {
    await page.goto(new URL('/audit', testEnv.operatorUrl).toString());
    await dismissMfaPrompt(page);
    // This file's own records only: a system administrator reads everyone's, and the files that
    // run beside this one write many (docs/testing.md). The presets below keep the filter.
    await page.getByLabel('用户', { exact: true }).fill(`root-${suffix}`);
    const row = rows().filter({ hasText: group });
    await eventually(
      async () => {
        await page.getByRole('button', { name: /查\s?询/ }).click();
        return row.count();
      },
      (count) => count > 0,
    );
    await expect.poll(() => row.first().textContent()).toContain('创建用户组');
    expect(await row.first().textContent()).toContain(`groups ${group}`);
    await screenshot(page, 'audit-zh');
    const overflow = await page
      .getByTestId('audit-table')
      .locator('.ant-table-content, .ant-table-body')
      .first()
      .evaluate((element) => element.scrollWidth - element.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  it('files a connection test under Checks, not Changes, and filters by operation', async () => {
    const preset = (label: string) =>
      page.locator('.ant-segmented-item').filter({ hasText: label }).click();
    expect(await page.getByLabel('用户', { exact: true }).inputValue()).toBe(`root-${suffix}`);
    await preset('检查');
    const tested = rows().filter({ hasText: registry });
    await tested.first().waitFor();
    expect(await tested.first().textContent()).toContain('测试镜像仓库连接');
    // The Checks tag stays whole inside its cell; a long name is what gets cut short.
    const cell = tested.first().locator('td').filter({ hasText: '测试镜像仓库连接' });
    const tag = cell.locator('.ant-tag').filter({ hasText: '检查' });
    const [cellBox, tagBox] = [await cell.boundingBox(), await tag.boundingBox()];
    expect(tagBox && cellBox && tagBox.x + tagBox.width <= cellBox.x + cellBox.width).toBe(true);

    await preset('变更');
    await rows().filter({ hasText: group }).first().waitFor();
    expect(await rows().filter({ hasText: registry }).count()).toBe(0);

    await page.getByLabel('操作', { exact: true }).fill('创建用户组');
    await page.locator('.ant-select-item-option').filter({ hasText: '创建用户组' }).first().click();
    await page.getByRole('button', { name: /查\s?询/ }).click();
    await expect
      .poll(async () =>
        (await rows().allTextContents()).every((text) => text.includes('创建用户组')),
      )
      .toBe(true);
    expect(await rows().filter({ hasText: group }).count()).toBeGreaterThan(0);
  });
});

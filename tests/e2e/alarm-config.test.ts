// The alarm settings journey in the console against the test bed: create a Slack receiver on
// /admin/alarm/receiver (its webhook URL stored in the receiver's Secret, never shown again),
// create a rule on /admin/alarm/config that fires at once on member-a's real Prometheus, see both
// listed, and see its alarm among the alarm messages (the silent alert-metrics call).
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
import { registerMember, unregisterMember } from '../support/members.js';

const suffix = `alc${Date.now().toString(36)}`;
const orgName = `e2e-alarm-${suffix}`;
const cluster = `e2e-a-${suffix}`;
const receiver = `slack-${suffix}`;
const rule = `always-${suffix}`;
const header = `Always firing ${suffix}`;
// Unresolvable, so nothing is ever posted; the alarm stays unprocessed, which is still a message.
const webhookUrl = `https://hooks.${suffix}.invalid/services/T0/B0/secret-${suffix}`;

let browser: Browser;
let page: Page;
let admin: Session;

const open = async (path: string) => {
  await page.goto(new URL(path, testEnv.operatorUrl).toString());
  await dismissMfaPrompt(page);
};

const chooseOption = (testId: string, title: string) => chooseSelectOption(page, testId, title);

beforeAll(async () => {
  browser = await launchChromium();
  admin = await gitOpsSystemAdmin(suffix);
  await createOrganization(admin, orgName);
  await registerMember(admin, cluster, orgName, 'member-a', { callerReady: true });
  page = await signedInPage(browser, { userName: `root-${suffix}`, password: `root${suffix}1` });
}, 90_000);

afterAll(async () => {
  await browser?.close();
  hub(['delete', 'alarmrules.nimbus.io', rule, '--ignore-not-found']);
  hub(['delete', 'alarmreceivers.nimbus.io', receiver, '--ignore-not-found']);
  if (admin) await unregisterMember(admin, cluster, orgName);
  hub(['delete', 'organizations.nimbus.io', orgName, '--ignore-not-found', '--wait=false']);
  removeGitOpsSystemAdmin(suffix);
});

describe('alarm receivers, rules and messages in the console', () => {
  it('creates a Slack receiver whose webhook URL is kept but never shown', async () => {
    await open('/admin/alarm/receiver');
    await page.getByText('No alarm receivers yet').waitFor();
    await page.getByRole('button', { name: 'Create receiver' }).click();
    await page.getByTestId('receiver-name').fill(receiver);
    await chooseOption('receiver-type', 'Slack');
    await page.getByTestId('receiver-channel').fill('#alerts');
    await page.getByTestId('receiver-secret').fill(webhookUrl);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const row = page
      .getByTestId('alarm-receivers-table')
      .getByRole('row', { name: new RegExp(receiver) });
    await row.waitFor();
    expect(await row.textContent()).toContain('#alerts');
    // The receiver is created before its Secret: a list refresh between the two draws the row
    // without "Stored" until the refetch after the save answers.
    await expect.poll(() => row.textContent()).toContain('Stored');

    await page.reload();
    await row.waitFor();
    expect(await page.content()).not.toContain(webhookUrl);
    const stored = hub([
      'get',
      'secret',
      '-A',
      '--field-selector',
      `metadata.name=nimbus-alarm-receiver-${receiver}`,
      '-o',
      'jsonpath={.items[0].data.webhookUrl}',
    ]).stdout;
    expect(Buffer.from(stored, 'base64').toString('utf8')).toBe(webhookUrl);
  });

  it('creates a rule on the cluster, lists it, and shows its alarm among the messages', async () => {
    await open('/admin/alarm/config?tab=rules');
    await page.getByText('No alarm rules yet').waitFor();
    await page.getByRole('button', { name: 'Create rule' }).click();
    await page.getByTestId('rule-name').fill(rule);
    await chooseOption('rule-cluster', cluster);
    await page.getByTestId('rule-metric').fill('vector(1)');
    await page.getByTestId('rule-threshold').fill('0');
    await page.getByTestId('rule-duration').fill('0');
    await page.getByTestId('rule-header').fill(header);
    await chooseOption('rule-receivers', receiver);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const row = page.getByTestId('alarm-rules-table').getByRole('row', { name: new RegExp(rule) });
    await row.waitFor();
    expect(await row.textContent()).toContain('vector(1) > 0 for 0 s');
    expect(await row.textContent()).toContain(receiver);
    expect(
      hub(['get', 'alarmrules.nimbus.io', rule, '-o', 'jsonpath={.spec.receivers[0]}']).stdout,
    ).toBe(receiver);

    const basic = await eventually(
      async () => {
        await open('/admin/alarm/config');
        const overview = page.getByTestId('alarm-basic');
        await overview.waitFor();
        await page.waitForLoadState('networkidle');
        return (await overview.textContent()) ?? '';
      },
      (text) => text.includes(header),
      { timeoutMs: 90_000, intervalMs: 2_000 },
    );
    expect(basic).toContain(header);
    expect(basic).toContain(`${cluster} · ${rule}`);

    await page.getByTestId('header-alarm-messages').click();
    const messages = page.locator('.ant-popover').getByTestId('alarm-messages');
    await messages.waitFor();
    expect(await messages.textContent()).toContain(header);
  });
});

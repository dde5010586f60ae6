// Creating an alarm silence in the console: /admin/alarm/silence against the test bed, the
// silence stored as an AlarmSilence in the hub with the signed-in user as creator.
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

const suffix = `sil${Date.now().toString(36)}`;
const orgName = `e2e-alarm-${suffix}`;
const cluster = `e2e-a-${suffix}`;
const comment = `maintenance ${suffix}`;

let browser: Browser;
let page: Page;
let admin: Session;

beforeAll(async () => {
  browser = await launchChromium();
  admin = await gitOpsSystemAdmin(suffix);
  await createOrganization(admin, orgName);
  await registerMember(admin, cluster, orgName, 'member-a', { callerReady: true });
  page = await signedInPage(browser, { userName: `root-${suffix}`, password: `root${suffix}1` });
}, 90_000);

afterAll(async () => {
  await browser?.close();
  const names = hub(['get', 'alarmsilences.nimbus.io', '-o', 'name']).stdout.split('\n');
  for (const name of names.filter((n) => n.includes(cluster)))
    hub(['delete', name, '--ignore-not-found']);
  if (admin) await unregisterMember(admin, cluster, orgName);
  hub(['delete', 'organizations.nimbus.io', orgName, '--ignore-not-found', '--wait=false']);
  removeGitOpsSystemAdmin(suffix);
});

describe('alarm silences in the console', () => {
  it('creates a silence that shows in the list and in the hub', async () => {
    await page.goto(new URL('/admin/alarm/silence', testEnv.operatorUrl).toString());
    await dismissMfaPrompt(page);
    await page.getByText('No silences yet').waitFor();
    await page.getByTestId('silence-create').click();
    await chooseSelectOption(page, 'silence-cluster', cluster);
    await page.getByTestId('silence-value').fill('web-down');
    await page.getByTestId('silence-comment').fill(comment);
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    const row = page
      .getByTestId('alarm-silences-table')
      .getByRole('row', { name: new RegExp(comment) });
    await row.waitFor();
    expect(await row.textContent()).toContain('alertname=web-down');
    expect(await row.textContent()).toContain(`root-${suffix}`);
    const stored = await eventually(
      () =>
        hub(['get', 'alarmsilences.nimbus.io', '-o', 'jsonpath={.items[*].spec.comment}']).stdout,
      (text) => text.includes(comment),
    );
    expect(stored).toContain(comment);
  });
});

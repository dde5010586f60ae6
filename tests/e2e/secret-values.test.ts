// Changing a secret's values write-only in Chromium against the operator under test: the dialog
// lists the keys and never a value; one value is replaced, one key removed and one added, and
// kubectl on the member sees exactly that, the untouched value kept as it was.
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

const suffix = `sv${Date.now().toString(36)}`;
const orgName = `e2e-values-${suffix}`;
const cluster = `e2e-a-${suffix}`;
const ns = `e2e-sv-${suffix}`;
const kept = `kept-${suffix}-never-shown`;
const replaced = `old-${suffix}-never-shown`;

const journey: JourneyState = { orgName, cluster, ns };
let page: Page;

const secretData = (): Record<string, string> => {
  const secret = JSON.parse(
    onMember('member-a', ['get', 'secret', 'db', '-n', ns, '-o', 'json']).stdout,
  ) as { data?: Record<string, string> };
  return Object.fromEntries(
    Object.entries(secret.data ?? {}).map(([key, value]) => [
      key,
      Buffer.from(value, 'base64').toString(),
    ]),
  );
};

beforeAll(async () => {
  ({ page } = await startMemberJourney(suffix, journey, () => {
    applyOnMember('member-a', [
      {
        apiVersion: 'v1',
        kind: 'Secret',
        metadata: { name: 'db', namespace: ns },
        stringData: { username: kept, password: replaced, token: 't' },
      },
    ]);
  }));
}, 120_000);

afterAll(() => endMemberJourney(suffix, journey));

describe("a secret's values", () => {
  it('are replaced, removed and added without being shown', async () => {
    const query = new URLSearchParams({
      vendor: 'ProviderKubeconfig',
      region,
      cluster,
      namespace: ns,
    });
    await page.goto(
      new URL(`/detail/Secret/db?${query.toString()}`, testEnv.operatorUrl).toString(),
    );
    await dismissMfaPrompt(page);
    await page.getByTestId('resource-action-edit-values').click();
    const dialog = page.getByRole('dialog', { name: 'Change values' });
    await dialog.getByTestId('secret-value-row').nth(2).waitFor();
    expect(await dialog.getByTestId('secret-value-row').allTextContents()).toEqual([
      expect.stringContaining('password'),
      expect.stringContaining('token'),
      expect.stringContaining('username'),
    ]);
    expect(await page.content()).not.toContain(kept);

    await dialog.getByLabel('password', { exact: true }).fill('n3w-pa55');
    await dialog.getByRole('checkbox', { name: 'Remove token' }).check();
    await dialog.getByRole('button', { name: /Add key/ }).click();
    await dialog.getByLabel('Key', { exact: true }).fill('api-key');
    await dialog.getByLabel('Value', { exact: true }).fill('k-1');
    await screenshot(page, 'secret-values');
    await dialog.getByTestId('secret-values-save').click();
    await dialog.waitFor({ state: 'detached' });

    const data = await eventually(secretData, (now) => now['api-key'] === 'k-1');
    expect(data).toEqual({ username: kept, password: 'n3w-pa55', 'api-key': 'k-1' });
  });
});

// YAML import in Chromium against the operator under test: a system admin uploads two documents
// (one good, one the member refuses), dry runs, imports and sees one result per document, puts
// the refused one back in the editor, fixes it there and imports it again; kubectl on the member
// agrees at each step. Then it edits the imported ConfigMap's YAML on its detail page, reviews the
// diff and applies it.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseCascaderPath, dismissMfaPrompt } from '../support/console.js';
import { testEnv } from '../support/env.js';
import {
  endMemberJourney,
  startMemberJourney,
  type JourneyState,
} from '../support/member-journey.js';
import { onMember, region } from '../support/members.js';

const suffix = `yj${Date.now().toString(36)}`;
const orgName = `e2e-import-${suffix}`;
const cluster = `e2e-a-${suffix}`;
const ns = `e2e-yi-${suffix}`;

const journey: JourneyState = { orgName, cluster, ns };
let page: Page;

const configMap = `apiVersion: v1
kind: ConfigMap
metadata:
  name: settings
data:
  mode: imported
`;
const deployment = (withSelector: boolean) => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 1
${withSelector ? '  selector:\n    matchLabels:\n      app: web\n' : ''}  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
        - name: app
          image: registry.example/web:1
`;

const onMemberA = (kind: string, name: string) =>
  onMember('member-a', ['get', kind, name, '-n', ns, '-o', 'name']);
const outcome = (index: number) => page.getByTestId(`import-outcome-${index}`);
const editor = () => page.getByTestId('yaml-editor').locator('.cm-content');

beforeAll(async () => {
  ({ page } = await startMemberJourney(suffix, journey));
}, 120_000);

afterAll(() => endMemberJourney(suffix, journey));

async function dryRunAndImport() {
  await page.getByTestId('import-dry-run-button').click();
  await page.getByTestId('import-dry-run').waitFor();
  await page.getByTestId('import-apply-button').click();
  await page.getByTestId('import-result').waitFor();
}

describe('YAML import journey', () => {
  it('imports the good document and reports the bad one', async () => {
    await page.goto(new URL('/add/import', testEnv.operatorUrl).toString());
    await dismissMfaPrompt(page);
    // Vendor, region, cluster: each level opens the next column of the cascader.
    await chooseCascaderPath(page, page.getByLabel('Location'), ['Kubeconfig', 'local', cluster]);
    await page.getByLabel('Default namespace').fill(ns);
    await page.getByTitle(ns, { exact: true }).click();
    await page.locator('input[type="file"]').setInputFiles({
      name: 'app.yaml',
      mimeType: 'text/yaml',
      buffer: Buffer.from(`${configMap}---\n${deployment(false)}`),
    });
    await editor().getByText('kind: Deployment').waitFor();

    await page.getByTestId('import-dry-run-button').click();
    await page.getByTestId('import-dry-run').waitFor();
    expect(await outcome(0).textContent()).toBe('Would be created');
    expect(await outcome(1).textContent()).toBe('Failed');
    expect(onMemberA('configmap', 'settings').status).not.toBe(0);

    await page.getByTestId('import-apply-button').click();
    const result = page.getByTestId('import-result');
    await result.waitFor();
    expect(await result.getByRole('alert').textContent()).toContain(
      '1 of 2 documents applied, 1 failed.',
    );
    expect(await outcome(0).textContent()).toBe('Created');
    expect(await outcome(1).textContent()).toBe('Failed');
    expect(await result.textContent()).toContain('selector');
    expect(onMemberA('configmap', 'settings').stdout.trim()).toBe('configmap/settings');
    expect(onMemberA('deployment', 'web').status).not.toBe(0);
  });

  it('puts the failed document back, fixed in the editor it imports', async () => {
    await page.getByTestId('import-edit-failed').click();
    await expect.poll(async () => editor().textContent()).not.toContain('ConfigMap');
    expect(await editor().textContent()).toContain('Deployment');

    await editor().click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.press('Delete');
    await editor().fill(deployment(true));
    await editor().getByText('matchLabels:').waitFor();
    await dryRunAndImport();
    expect(await outcome(0).textContent()).toBe('Created');
    expect(await page.getByTestId('import-result').getByRole('alert').textContent()).toContain(
      '1 of 1 documents applied, 0 failed.',
    );
    expect(onMemberA('deployment', 'web').stdout.trim()).toBe('deployment.apps/web');
  });

  it('edits the imported ConfigMap as YAML, with a diff before applying', async () => {
    await page.goto(
      new URL(
        `/detail/ConfigMap/settings?vendor=ProviderKubeconfig&region=${region}&cluster=${cluster}&namespace=${ns}`,
        testEnv.operatorUrl,
      ).toString(),
    );
    await dismissMfaPrompt(page);
    await page.getByTestId('resource-action-editYaml').click();
    const dialog = page.getByTestId('edit-yaml-dialog');
    const content = dialog.getByTestId('yaml-editor').locator('.cm-content');
    await content.getByText('mode: imported').waitFor();
    const text = await content.innerText();
    await content.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.press('Delete');
    await content.fill(text.replace('mode: imported', 'mode: edited'));
    await page.getByTestId('edit-yaml-review').click();
    await dialog.getByTestId('yaml-diff').getByText('mode: edited').waitFor();
    await page.getByTestId('edit-yaml-apply').click();
    await page.getByText('Applied.').first().waitFor();
    const data = onMember('member-a', [
      'get',
      'configmap',
      'settings',
      '-n',
      ns,
      '-o',
      'jsonpath={.data.mode}',
    ]);
    expect(data.stdout).toBe('edited');
  });
});

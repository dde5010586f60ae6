// Issue 10's creation forms in Chromium against the operator under test: a system admin creates
// a ConfigMap and a Service on member-a through /add/ConfigMap and /add/Service, kubectl on the
// member sees both, and each appears in its list page.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dismissMfaPrompt } from '../support/console.js';
import { testEnv } from '../support/env.js';
import {
  endMemberJourney,
  startMemberJourney,
  type JourneyState,
} from '../support/member-journey.js';
import { onMember } from '../support/members.js';

const suffix = `rf${Date.now().toString(36)}`;
const orgName = `e2e-forms-${suffix}`;
const cluster = `e2e-a-${suffix}`;
const ns = `e2e-rf-${suffix}`;
const configName = `cfg-${suffix}`;
const serviceName = `svc-${suffix}`;

const journey: JourneyState = { orgName, cluster, ns };
let page: Page;

const onMemberJson = <T>(kind: string, name: string): T =>
  JSON.parse(onMember('member-a', ['get', kind, name, '-n', ns, '-o', 'json']).stdout) as T;
const at = (path: string) => new URL(path, testEnv.operatorUrl).toString();

beforeAll(async () => {
  ({ page } = await startMemberJourney(suffix, journey));
}, 120_000);

afterAll(() => endMemberJourney(suffix, journey));

/** Opens a creation form and places it on member-a, in the test's namespace. */
async function openForm(form: string): Promise<void> {
  await page.goto(at(`/add/${form}`));
  await dismissMfaPrompt(page);
  await page.getByLabel('Location').click();
  await page.getByRole('menuitemcheckbox', { name: /Kubeconfig/ }).click();
  await page.getByRole('menuitemcheckbox', { name: 'local' }).click();
  await page.getByRole('menuitemcheckbox', { name: cluster }).click();
  await page.getByRole('combobox', { name: /Namespace/ }).click();
  await page.locator(`.ant-select-item-option[title="${ns}"]`).click();
}

/** Its list on this file's own cluster, narrowed by name: other files' objects come first. */
async function seeInList(kind: string, name: string): Promise<void> {
  await page.goto(at(`/list/${kind}?cluster=${cluster}&name=${name}`));
  await page.getByRole('link', { name }).first().waitFor();
}

describe('creation forms', () => {
  it('creates a config map through /add/ConfigMap', async () => {
    await openForm('ConfigMap');
    await page.getByLabel('Name', { exact: true }).fill(configName);
    await page.getByLabel('File name').fill('app.yaml');
    await page.getByLabel('Content').fill('port: 8080');
    await page.getByLabel('Mount path').fill('/etc/app');
    await page.getByTestId('form-submit').click();
    await page.getByTestId('created-result').waitFor();
    const live = onMemberJson<{
      data: Record<string, string>;
      metadata: { annotations: Record<string, string> };
    }>('configmap', configName);
    expect(live.data).toEqual({ 'app.yaml': 'port: 8080' });
    expect(live.metadata.annotations['nimbus.io/mount-path']).toBe('/etc/app');
  });

  it('creates a service through /add/Service', async () => {
    await openForm('Service');
    await page.getByLabel('Name', { exact: true }).fill(serviceName);
    await page.getByPlaceholder('Value').fill('web');
    await page.getByLabel('Service port').fill('80');
    await page.getByLabel('Target port').fill('8080');
    await page.getByTestId('form-submit').click();
    await page.getByTestId('created-result').waitFor();
    const live = onMemberJson<{ spec: { selector: object; ports: Array<object> } }>(
      'service',
      serviceName,
    );
    expect(live.spec.selector).toEqual({ app: 'web' });
    expect(live.spec.ports[0]).toMatchObject({ port: 80, targetPort: 8080 });
  });

  it('shows both in their list pages', async () => {
    await seeInList('ConfigMap', configName);
    await seeInList('Service', serviceName);
  });
});

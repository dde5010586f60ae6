// Issue 10's end-to-end journey in Chromium against the operator under test: a system admin
// creates a Deployment with the shared application form, sees its pod appear, scales it to 3,
// sees a pod kubectl deleted replaced on the open page (the change stream), opens a pod's log and sees lines stream, opens a shell and runs a command, rolls back to the
// first revision and deletes it by typing its name; kubectl on the member agrees at each step.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dismissMfaPrompt } from '../support/console.js';
import { eventually } from '../support/eventually.js';
import { testEnv } from '../support/env.js';
import {
  deleteByTypingName,
  hotfixImage,
  rollBackTo,
  runInShell,
  scaleFromDetail,
} from '../support/workload-journey.js';
import {
  endMemberJourney,
  startMemberJourney,
  type JourneyState,
} from '../support/member-journey.js';
import { goneFromMember, onMember, region } from '../support/members.js';

const suffix = `aj${Date.now().toString(36)}`;
const orgName = `e2e-apps-${suffix}`;
const cluster = `e2e-a-${suffix}`;
const ns = `e2e-app-${suffix}`;

const journey: JourneyState = { orgName, cluster, ns };
let page: Page;
/** The pod detail page the log was opened from; the shell opens from it too. */
let podUrl = '';

interface MemberDeployment {
  spec: { replicas: number; template: { spec: { containers: Array<{ image: string }> } } };
}
const deployment = (): MemberDeployment | undefined => {
  const result = onMember('member-a', ['get', 'deployment', 'web', '-n', ns, '-o', 'json']);
  return result.status === 0 ? (JSON.parse(result.stdout) as MemberDeployment) : undefined;
};
const image = () => deployment()?.spec.template.spec.containers[0]?.image;
const url = (path: string) => new URL(path, testEnv.operatorUrl).toString();
const detailUrl = () =>
  url(
    `/detail/Deployment/web?vendor=ProviderKubeconfig&region=${region}&cluster=${cluster}&namespace=${ns}`,
  );

beforeAll(async () => {
  ({ page } = await startMemberJourney(suffix, journey));
}, 120_000);

afterAll(() => endMemberJourney(suffix, journey));

/** A full page load: MFA is on and unbound, so each load opens the prompt first. */
async function open(target: string): Promise<void> {
  await page.goto(target);
  await dismissMfaPrompt(page);
}

const cascaderItem = (text: string) =>
  page.getByRole('menuitemcheckbox').filter({ hasText: text }).first();

describe('create → pods → scale → logs → shell → roll back → delete', () => {
  it('creates a Deployment with the form and lands on its success page', async () => {
    await open(url('/add/Deployment'));
    await page.getByLabel('Location').click();
    await cascaderItem('Kubeconfig').click();
    await cascaderItem(region).click();
    await cascaderItem(cluster).click();
    await page.getByRole('combobox', { name: 'Namespace' }).click();
    await page.locator('.ant-select-item-option').filter({ hasText: ns }).click();
    await page.getByTestId('app-name').fill('web');
    await page.getByTestId('app-next').click();

    await page.getByTestId('container-add').click();
    await page.getByTestId('container-name').fill('app');
    await page.getByTestId('container-image').fill('registry.example/web:1');
    await page.getByTestId('container-save').click();
    await page.getByTestId('container-editor').waitFor({ state: 'detached' });
    await page.getByTestId('app-next').click();
    await page.getByTestId('app-submit').click();

    await page.getByTestId('application-created').waitFor();
    expect(deployment()?.spec.template.spec.containers[0]?.image).toBe('registry.example/web:1');
  });

  it('opens the Deployment and sees its pod appear', async () => {
    await page.getByTestId('application-created-view').click();
    await page.waitForURL(/\/detail\/Deployment\/web/);
    const pods = page.getByTestId('workload-pods').getByRole('link');
    await pods.first().waitFor();
    expect(await pods.count()).toBe(1);
  });

  it('scales to 3; kubectl and the pod list agree', async () => {
    await scaleFromDetail(page, 3);
    expect(deployment()?.spec.replicas).toBe(3);
    const shown = await eventually(
      () => page.getByTestId('workload-pods').getByRole('link').allTextContents(),
      (names) => names.length === 3,
      { intervalMs: 250, timeoutMs: 30_000 },
    );
    expect(shown).toHaveLength(3);
  });

  it('shows, without a reload, a pod replaced on the member by kubectl', async () => {
    await page.getByTestId('live-mark').and(page.locator('[data-status="live"]')).waitFor();
    const pods = page.getByTestId('workload-pods').getByRole('link');
    const before = await pods.allTextContents();
    const [gone] = before;
    if (!gone) throw new Error('no pod shown');
    // Nothing in the console acts: only the change stream can tell the page.
    const deleted = onMember('member-a', ['delete', 'pod', gone, '-n', ns, '--wait=false']);
    expect(deleted.status, deleted.stderr).toBe(0);
    const after = await eventually(
      () => pods.allTextContents(),
      (names) => names.length === 3 && !names.includes(gone),
      { intervalMs: 250, timeoutMs: 30_000 },
    );
    expect(after).not.toContain(gone);
    expect(after.filter((name) => !before.includes(name))).toHaveLength(1);
  });

  it("opens a pod's log and sees its lines stream in", async () => {
    await page.getByTestId('workload-pods').getByRole('link').first().click();
    await page.waitForURL(/\/detail\/Pod\//);
    podUrl = page.url();
    await page.getByTestId('container-logs-app').click();
    await page.waitForURL(/\/logs\//);
    await page.getByTestId('log-line').filter({ hasText: 'nimbus test-bed log line 5' }).waitFor();
    expect(await page.getByTestId('log-phase').getAttribute('data-phase')).toBe('streaming');
  });

  it('opens a shell in the container and runs a command', async () => {
    await open(podUrl);
    const screen = await runInShell(page, 'app', 'echo "sum $((20 + 22))"', 'sum 42');
    expect(screen).toContain('sum 42');
  });

  it('rolls back to the first revision after a hotfix', async () => {
    await open(detailUrl());
    await page.getByTestId('workload-pods').getByRole('link').first().waitFor();
    await hotfixImage(page, 'registry.example/web:2');
    expect(await eventually(image, (value) => value === 'registry.example/web:2')).toBe(
      'registry.example/web:2',
    );
    await rollBackTo(page, 1, 'registry.example/web:2');
    expect(await eventually(image, (value) => value === 'registry.example/web:1')).toBe(
      'registry.example/web:1',
    );
  });

  it('deletes it once its name is typed; kubectl no longer finds it', async () => {
    await deleteByTypingName(page, 'web', 'Deployment');
    expect(await goneFromMember('member-a', 'deployment', 'web', ns)).toBe('');
  });
});

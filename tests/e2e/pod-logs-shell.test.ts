// A pod's logs and shell in Chromium against the operator under test: from the pod's detail page
// a system admin opens a container's log and sees kwok's lines stream in, finds one, then opens
// a shell in the same container and runs a command (kwok runs it on this machine, in the
// cluster's exec directory, with a real pseudo-terminal).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser.js';
import { createOrganization, dismissMfaPrompt, signedInPage } from '../support/console.js';
import { testEnv } from '../support/env.js';
import { runInShell } from '../support/workload-journey.js';
import { gitOpsSystemAdmin, hub, removeGitOpsSystemAdmin, type Session } from '../support/iam.js';
import { onMember, region, registerMember, unregisterMember } from '../support/members.js';

const suffix = `ls${Date.now().toString(36)}`;
const orgName = `e2e-logs-${suffix}`;
const clusterName = `e2e-a-${suffix}`;

let browser: Browser;
let page: Page;
let admin: Session;
let podName = '';
let containerName = '';

const detailUrl = () => {
  const query = new URLSearchParams({
    vendor: 'ProviderKubeconfig',
    region,
    cluster: clusterName,
    namespace: 'demo',
  });
  return new URL(`/detail/Pod/${podName}?${query.toString()}`, testEnv.operatorUrl).toString();
};

async function openPodDetail(): Promise<void> {
  await page.goto(detailUrl());
  await dismissMfaPrompt(page);
  await page.getByTestId('pod-containers').waitFor();
}

beforeAll(async () => {
  browser = await launchChromium();
  admin = await gitOpsSystemAdmin(suffix);
  await createOrganization(admin, orgName);
  await registerMember(admin, clusterName, orgName, 'member-a', { callerReady: true });
  const pods = JSON.parse(
    onMember('member-a', ['get', 'pods', '-n', 'demo', '-l', 'app=web', '-o', 'json']).stdout,
  ) as {
    items: Array<{ metadata: { name: string }; spec: { containers: Array<{ name: string }> } }>;
  };
  const pod = pods.items[0];
  if (!pod) throw new Error('member-a has no demo pod');
  podName = pod.metadata.name;
  containerName = pod.spec.containers[0]?.name ?? '';
  page = await signedInPage(browser, { userName: `root-${suffix}`, password: `root${suffix}1` });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  if (admin) await unregisterMember(admin, clusterName, orgName);
  hub(['delete', 'organizations.nimbus.io', orgName, '--ignore-not-found', '--wait=false']);
  removeGitOpsSystemAdmin(suffix);
});

describe("a pod's logs and shell", () => {
  it("opens a container's log from the pod and sees its lines stream in", async () => {
    await openPodDetail();
    await page.getByTestId(`container-logs-${containerName}`).click();
    await page.waitForURL(/\/logs\//);
    await page.getByTestId('log-line').filter({ hasText: 'nimbus test-bed log line 5' }).waitFor();
    // kwok keeps a follow open: the viewer is following, not ended.
    expect(await page.getByTestId('log-phase').getAttribute('data-phase')).toBe('streaming');
    expect(await page.getByTestId('log-phase').textContent()).toBe('Following');
    const lines = await page.getByTestId('log-line').allTextContents();
    expect(lines).toEqual([1, 2, 3, 4, 5].map((n) => `nimbus test-bed log line ${n}`));

    await page.getByTestId('log-search').fill('line 3');
    await page.getByTestId('log-search-next').click();
    expect(await page.getByTestId('log-search-count').textContent()).toBe('1 of 1');
    expect(await page.locator('mark').allTextContents()).toEqual(['line 3']);
  });

  it('opens a shell in the container and runs a command in it', async () => {
    await openPodDetail();
    // The shell prints what it computes, so the typed command alone cannot pass for the answer.
    const screen = await runInShell(
      page,
      containerName,
      'echo "hello $((6 * 7))" "$NIMBUS_TESTBED_CLUSTER"',
      'hello 42 member-a',
    );
    expect(screen).toContain('hello 42 member-a');

    await page.keyboard.type('exit');
    await page.keyboard.press('Enter');
    const closed = page.getByTestId('shell-closed');
    await closed.waitFor();
    expect(await closed.textContent()).toContain('exited with code 0');
    await page.getByTestId('shell-reconnect').waitFor();
  });
});

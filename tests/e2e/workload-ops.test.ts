// The application lifecycle journey of issue 10 in Chromium against the operator under test: a
// system admin opens a Deployment on member-a, scales it to 3 from the keyboard, hotfixes its
// image, rolls back to the first revision and deletes it by typing its name; kubectl on the
// member agrees at each step.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser.js';
import { createOrganization, dismissMfaPrompt, signedInPage } from '../support/console.js';
import { testEnv } from '../support/env.js';
import { eventually } from '../support/eventually.js';
import {
  deleteByTypingName,
  hotfixImage,
  rollBackTo,
  scaleFromDetail,
} from '../support/workload-journey.js';
import { gitOpsSystemAdmin, hub, removeGitOpsSystemAdmin, type Session } from '../support/iam.js';
import {
  goneFromMember,
  onMember,
  region,
  registerMember,
  unregisterMember,
} from '../support/members.js';

const suffix = `wj${Date.now().toString(36)}`;
const orgName = `e2e-workloads-${suffix}`;
const cluster = `e2e-a-${suffix}`;
const ns = `e2e-wo-${suffix}`;

let browser: Browser;
let page: Page;
let admin: Session;

const deployment = () =>
  JSON.parse(onMember('member-a', ['get', 'deployment', 'web', '-n', ns, '-o', 'json']).stdout) as {
    spec: { replicas: number; template: { spec: { containers: Array<{ image: string }> } } };
  };
const image = () => deployment().spec.template.spec.containers[0]?.image;

beforeAll(async () => {
  browser = await launchChromium();
  admin = await gitOpsSystemAdmin(suffix);
  await createOrganization(admin, orgName);
  await registerMember(admin, cluster, orgName, 'member-a');
  onMember('member-a', ['create', 'namespace', ns]);
  onMember(
    'member-a',
    ['apply', '-n', ns, '-f', '-'],
    JSON.stringify({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'web' },
      spec: {
        replicas: 1,
        selector: { matchLabels: { app: 'web' } },
        template: {
          metadata: { labels: { app: 'web' } },
          spec: { containers: [{ name: 'app', image: 'registry.example/web:1' }] },
        },
      },
    }),
  );
  page = await signedInPage(browser, { userName: `root-${suffix}`, password: `root${suffix}1` });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  onMember('member-a', ['delete', 'namespace', ns, '--ignore-not-found', '--wait=false']);
  if (admin) await unregisterMember(admin, cluster, orgName);
  hub(['delete', 'organizations.nimbus.io', orgName, '--ignore-not-found', '--wait=false']);
  removeGitOpsSystemAdmin(suffix);
});

const detailUrl = () =>
  new URL(
    `/detail/Deployment/web?vendor=ProviderKubeconfig&region=${region}&cluster=${cluster}&namespace=${ns}`,
    testEnv.operatorUrl,
  ).toString();

describe('application lifecycle journey', () => {
  it('scales to 3 from the keyboard', async () => {
    await page.goto(detailUrl());
    await dismissMfaPrompt(page);
    await page.getByTestId('workload-pods').getByRole('link').first().waitFor();
    await scaleFromDetail(page, 3);
    expect(deployment().spec.replicas).toBe(3);
  });

  it("hotfixes the container's image", async () => {
    await hotfixImage(page, 'registry.example/web:2');
    const fixed = await eventually(image, (value) => value === 'registry.example/web:2');
    expect(fixed).toBe('registry.example/web:2');
  });

  it('rolls back to the first revision', async () => {
    await rollBackTo(page, 1, 'registry.example/web:2');
    const back = await eventually(image, (value) => value === 'registry.example/web:1');
    expect(back).toBe('registry.example/web:1');
  });

  it('deletes it once its name is typed, and lands on the list', async () => {
    await deleteByTypingName(page, 'web', 'Deployment');
    expect(await goneFromMember('member-a', 'deployment', 'web', ns)).toBe('');
  });
});

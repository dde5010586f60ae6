// The application lifecycle journey of issue 10 in Chromium against the operator under test: a
// system admin opens a Deployment on member-a, scales it to 3 from the keyboard, hotfixes its
// image, rolls back to the first revision and deletes it by typing its name; kubectl on the
// member agrees at each step.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dismissMfaPrompt } from '../support/console.js';
import { testEnv } from '../support/env.js';
import { eventually } from '../support/eventually.js';
import {
  deleteByTypingName,
  hotfixImage,
  rollBackTo,
  scaleFromDetail,
} from '../support/workload-journey.js';
import {
  endMemberJourney,
  startMemberJourney,
  type JourneyState,
} from '../support/member-journey.js';
import { goneFromMember, onMember, region } from '../support/members.js';

const suffix = `wj${Date.now().toString(36)}`;
const orgName = `e2e-workloads-${suffix}`;
const cluster = `e2e-a-${suffix}`;
const ns = `e2e-wo-${suffix}`;

const journey: JourneyState = { orgName, cluster, ns };
let page: Page;

const deployment = () =>
  JSON.parse(onMember('member-a', ['get', 'deployment', 'web', '-n', ns, '-o', 'json']).stdout) as {
    spec: { replicas: number; template: { spec: { containers: Array<{ image: string }> } } };
  };
const image = () => deployment().spec.template.spec.containers[0]?.image;

beforeAll(async () => {
  ({ page } = await startMemberJourney(suffix, journey, () =>
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
    ),
  ));
}, 120_000);

afterAll(() => endMemberJourney(suffix, journey));

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

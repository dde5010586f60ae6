// The application form's image picker on Docker Hub, in Chromium against the operator under test,
// which reads Docker Hub's catalogue from a stand-in at the HTTP boundary (docs/testbed.md): the
// search waits for the user to pause, an image picked from its answer starts at `latest`, a failed
// search is one line under the field (no notice per pause), and the Service step starts from the
// container's port. kubectl on the member sees the image and the target port.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseSelectOption, dismissMfaPrompt } from '../support/console.js';
import { startDockerHubFake, type DockerHubFake } from '../support/docker-hub-fake.js';
import { eventually, onScreen } from '../support/eventually.js';
import { testEnv } from '../support/env.js';
import {
  endMemberJourney,
  startMemberJourney,
  type JourneyState,
} from '../support/member-journey.js';
import { onMember, region } from '../support/members.js';

const suffix = `ip${Date.now().toString(36)}`;
const orgName = `e2e-picker-${suffix}`;
const cluster = `e2e-p-${suffix}`;
const ns = `e2e-ip-${suffix}`;

const journey: JourneyState = { orgName, cluster, ns };
let page: Page;
let dockerHub: DockerHubFake;

beforeAll(async () => {
  dockerHub = await startDockerHubFake([
    {
      repository: 'library/nginx',
      slug: 'nginx',
      description: 'Official build of Nginx.',
      tags: [
        { name: '1.27', pushed: '2026-11-02T10:00:00Z' },
        { name: 'latest', pushed: '2026-11-20T10:00:00Z' },
      ],
    },
    {
      repository: 'bitnami/nginx-ingress',
      slug: 'bitnami/nginx-ingress',
      description: 'Ingress controller',
      tags: [{ name: '2.0', pushed: '2026-10-01T10:00:00Z' }],
    },
  ]);
  ({ page } = await startMemberJourney(suffix, journey));
}, 180_000);

afterAll(async () => {
  await dockerHub.close();
  await endMemberJourney(suffix, journey);
});

const cascaderItem = (text: string) =>
  page.getByRole('menuitemcheckbox').filter({ hasText: text }).first();

/** The Deployment form at its containers step, a new container's image dialog open on Docker Hub. */
async function openDockerHubPicker(name: string) {
  await page.goto(new URL('/add/Deployment', testEnv.operatorUrl).toString());
  await dismissMfaPrompt(page);
  await page.getByLabel('Location').click();
  await cascaderItem('Kubeconfig').click();
  await cascaderItem(region).click();
  await cascaderItem(cluster).click();
  await page.getByRole('combobox', { name: 'Namespace' }).click();
  await page.locator('.ant-select-item-option').filter({ hasText: ns }).click();
  await page.getByTestId('app-name').fill(name);
  await page.getByTestId('app-next').click();
  await page.getByTestId('container-add').click();
  await page.getByTestId('container-name').fill('app');
  await page.getByTestId('container-image-select').click();
  await chooseSelectOption(page, 'image-select-registry', 'dockerhub (docker.io)');
  const dialog = page.getByRole('dialog', { name: 'Select image' });
  return { dialog, image: dialog.getByLabel('Image', { exact: true }) };
}

describe('the image picker on Docker Hub', () => {
  it('searches as the user pauses, picks an image at latest; the Service starts at its port', async () => {
    const { dialog, image } = await openDockerHubPicker('picked');
    const before = dockerHub.searches.length;
    await image.pressSequentially('ngin');
    // What the operator asked Docker Hub: the words typed, never an empty search. How many
    // depends on how long the machine takes between keys (a pause after "ngi" asks for it, and
    // its answer lists nginx too); the console's unit test (ImageSelectDialog.test.tsx) holds
    // the clock and shows the one search per pause. So the search for the whole word is awaited
    // before its option.
    const asked = await eventually(
      () => dockerHub.searches.slice(before),
      (queries) => queries.at(-1) === 'ngin',
    );
    expect(asked.at(-1)).toBe('ngin');
    expect(asked.every((query) => query !== '' && 'ngin'.startsWith(query))).toBe(true);
    const option = page.locator('.ant-select-item-option').filter({ hasText: /^nginx$/ });
    await option.waitFor();
    await option.click();

    // The image starts at `latest`, from the tags Docker Hub lists for library/nginx.
    expect(await dialog.getByLabel('Tag', { exact: true }).inputValue()).toBe('latest');
    await eventually(
      () => dockerHub.tagReads,
      (reads) => reads.includes('library/nginx'),
      onScreen,
    );
    expect(dockerHub.tagReads).toContain('library/nginx');
    // "ngin", a prefix Docker Hub has no repository for, was said under the tag field if at all.
    expect(
      await page.locator('.ant-message-notice, .ant-notification-notice').allTextContents(),
    ).toEqual([]);
    await page.getByTestId('image-select-ok').click();
    expect(await page.getByTestId('container-image').inputValue()).toBe('docker.io/nginx:latest');

    await page.getByLabel('Container port').fill('8080');
    await page.getByTestId('container-save').click();
    await page.getByTestId('container-editor').waitFor({ state: 'detached' });
    await page.getByTestId('app-next').click();
    await page.getByTestId('service-edit').click();
    await page.getByText('ClusterIP (internal only)').click();
    // A new Service's port and target port start at the container's port.
    expect(await page.getByLabel('Target port').inputValue()).toBe('8080');
    expect(await page.getByLabel('Service port').inputValue()).toBe('8080');
    await page.getByTestId('service-save').click();
    await page.getByTestId('service-summary').getByText('8080→8080/TCP').waitFor();
    await page.getByTestId('app-submit').click();
    await page.getByTestId('application-created').waitFor();

    const read = (kind: string, path: string) =>
      onMember('member-a', ['get', kind, '-n', ns, '-o', `jsonpath=${path}`]).stdout;
    expect(read('deployments', '{.items[0].spec.template.spec.containers[0].image}')).toBe(
      'docker.io/nginx:latest',
    );
    expect(read('services', '{.items[0].spec.ports[0].targetPort}')).toBe('8080');
  });

  it('says once, under the field, that a search failed: no notice per pause', async () => {
    dockerHub.failing.add('broken');
    dockerHub.failing.add('broken-again');
    const { dialog, image } = await openDockerHubPicker('failing');
    await image.fill('broken');
    const failure = dialog.getByTestId('docker-hub-search-failed');
    await failure.waitFor();
    expect(await failure.textContent()).toContain('Docker Hub search failed');
    await image.fill('broken-again');
    await eventually(
      () => dockerHub.searches,
      (searches) => searches.includes('broken-again'),
      onScreen,
    );
    await failure.waitFor();
    expect(await dialog.getByTestId('docker-hub-search-failed').count()).toBe(1);
    expect(
      await page.locator('.ant-message-notice, .ant-notification-notice').allTextContents(),
    ).toEqual([]);
  });
});

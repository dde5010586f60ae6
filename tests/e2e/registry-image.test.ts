// Issue 12's registry journey in Chromium against the operator under test: a system admin adds
// the test bed's private registry (TLS from the test-bed CA, basic auth) through the wizard,
// tests the connection, sees it on the registry list, then creates a Deployment whose image is
// picked in the application form's image select dialog (registry → image → tag); kubectl agrees,
// and finds the pull secret the form wrote from the registry's login named in the pod template.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseSelectOption, dismissMfaPrompt } from '../support/console.js';
import { testEnv } from '../support/env.js';
import { hub } from '../support/iam.js';
import {
  endMemberJourney,
  startMemberJourney,
  type JourneyState,
} from '../support/member-journey.js';
import { onMember, region } from '../support/members.js';
import { secureRegistry } from '../support/registries.js';

const suffix = `ri${Date.now().toString(36)}`;
const orgName = `e2e-reg-${suffix}`;
const cluster = `e2e-r-${suffix}`;
const ns = `e2e-reg-${suffix}`;
const registryName = `private-${suffix}`;
const pullSecret = `nimbus-registry-${registryName}`;

const journey: JourneyState = { orgName, cluster, ns };
let page: Page;

const url = (path: string) => new URL(path, testEnv.operatorUrl).toString();

async function open(path: string): Promise<void> {
  await page.goto(url(path));
  await dismissMfaPrompt(page);
}

beforeAll(async () => {
  ({ page } = await startMemberJourney(suffix, journey));
}, 120_000);

afterAll(async () => {
  hub(['delete', 'registries.nimbus.io', registryName, '--ignore-not-found']);
  await endMemberJourney(suffix, journey);
});

describe('add a registry, then pick an image from it', () => {
  it('adds the private registry through the wizard after a passing connection test', async () => {
    await open('/admin/registry/add');
    await page.getByTestId('registry-kind-Distribution').click();
    await page.getByTestId('registry-name').fill(registryName);
    await page.getByTestId('registry-host').fill(secureRegistry.host);
    await page.getByTestId('registry-username').fill(secureRegistry.username);
    await page.getByTestId('registry-password').fill('wrong-password');
    await page.getByTestId('registry-caCertificate').fill(secureRegistry.caCertificate);
    await page.getByTestId('registry-test').click();
    await page.getByTestId('registry-test-result').filter({ hasText: 'refused' }).waitFor();
    expect(await page.getByTestId('registry-submit').isDisabled()).toBe(true);

    await page.getByTestId('registry-password').fill(secureRegistry.password);
    await page.getByTestId('registry-test').click();
    await page.getByTestId('registry-test-result').filter({ hasText: 'Connected: 2' }).waitFor();
    await page.getByTestId('registry-submit').click();
    await page.getByTestId('registry-complete').waitFor();

    await open('/admin/registry/list');
    const row = page.getByTestId('registry-list-table').getByRole('row', { name: registryName });
    await row.waitFor();
    expect(await row.textContent()).toContain(secureRegistry.host);
  });

  it('picks library/hello:1.1 in the image select dialog and creates a Deployment with it', async () => {
    await open('/add/Deployment');
    await page.getByLabel('Location').click();
    const item = (text: string) =>
      page.getByRole('menuitemcheckbox').filter({ hasText: text }).first();
    await item('Kubeconfig').click();
    await item(region).click();
    await item(cluster).click();
    await page.getByRole('combobox', { name: 'Namespace' }).click();
    await page.locator('.ant-select-item-option').filter({ hasText: ns }).click();
    await page.getByTestId('app-name').fill('hello');
    await page.getByTestId('app-next').click();

    await page.getByTestId('container-add').click();
    await page.getByTestId('container-name').fill('app');
    await page.getByTestId('container-image-select').click();
    await chooseSelectOption(
      page,
      'image-select-registry',
      `${registryName} (${secureRegistry.host})`,
    );
    await chooseSelectOption(page, 'image-select-image', 'library/hello');
    await chooseSelectOption(page, 'image-select-tag', '1.1');
    await page.getByTestId('image-select-ok').click();
    const reference = `${secureRegistry.host}/library/hello:1.1`;
    expect(await page.getByTestId('container-image').inputValue()).toBe(reference);
    await page.getByTestId('container-pull-secret').filter({ hasText: pullSecret }).waitFor();
    await page.getByTestId('container-save').click();
    await page.getByTestId('container-editor').waitFor({ state: 'detached' });
    await page.getByTestId('containers').getByText(`Pull secret: ${pullSecret}`).waitFor();
    await page.getByTestId('app-next').click();
    await page.getByTestId('app-submit').click();
    await page.getByTestId('application-created').waitFor();

    const image = onMember('member-a', [
      'get',
      'deployment',
      'hello',
      '-n',
      ns,
      '-o',
      'jsonpath={.spec.template.spec.containers[0].image}',
    ]).stdout;
    expect(image).toBe(reference);
  });

  it('wrote the pull secret from the registry login and named it in the pod template', () => {
    const named = onMember('member-a', [
      'get',
      'deployment',
      'hello',
      '-n',
      ns,
      '-o',
      'jsonpath={.spec.template.spec.imagePullSecrets[0].name}',
    ]).stdout;
    expect(named).toBe(pullSecret);
    const secret = onMember('member-a', ['get', 'secret', pullSecret, '-n', ns, '-o', 'json']);
    expect(secret.status).toBe(0);
    const stored = JSON.parse(secret.stdout) as { type: string; data: Record<string, string> };
    expect(stored.type).toBe('kubernetes.io/dockerconfigjson');
    const config = JSON.parse(
      Buffer.from(stored.data['.dockerconfigjson'] ?? '', 'base64').toString('utf8'),
    ) as { auths: Record<string, { username?: string; auth?: string }> };
    // Only facts about the login are compared, so a failure never prints the secret's value.
    expect(Object.keys(config.auths)).toEqual([secureRegistry.host]);
    const entry = config.auths[secureRegistry.host];
    expect(entry?.username).toBe(secureRegistry.username);
    const expectedAuth = Buffer.from(
      `${secureRegistry.username}:${secureRegistry.password}`,
    ).toString('base64');
    expect(entry?.auth === expectedAuth).toBe(true);
  });
});

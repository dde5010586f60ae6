// A user whose only role reads config maps, in Chromium against the operator under test: she is
// offered what her rights allow and told what they do not, from the rules the server enforces.
// Secrets say "Not allowed" and name the permission instead of an empty list; config maps list
// without Create, row selection or Batch; a config map's page offers no Edit YAML or Delete;
// the creation chooser offers no form; the audit, which the server lets administrators alone
// read, is not hers to open.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser.js';
import { createOrganization, dismissMfaPrompt, signedInPage } from '../support/console.js';
import { testEnv } from '../support/env.js';
import { gitOpsSystemAdmin, hub, removeGitOpsSystemAdmin, type Session } from '../support/iam.js';
import {
  applyOnMember,
  gitOpsRole,
  gitOpsUser,
  memberAllows,
  onMember,
  region,
  registerMember,
  removeGitOpsUser,
  unregisterMember,
} from '../support/members.js';
import { screenshot } from '../support/screenshots.js';

const suffix = `lim${Date.now().toString(36)}`;
const orgName = `e2e-limited-${suffix}`;
const cluster = `e2e-a-${suffix}`;
const ns = `e2e-lim-${suffix}`;
const configName = `cfg-${suffix}`;
const userName = `vera-${suffix}`;
const roleName = `config-reader-${suffix}`;

let browser: Browser;
let page: Page;
let admin: Session;

const at = (path: string) => new URL(path, testEnv.operatorUrl).toString();
async function open(path: string): Promise<void> {
  await page.goto(at(path));
  await dismissMfaPrompt(page);
}

beforeAll(async () => {
  browser = await launchChromium();
  admin = await gitOpsSystemAdmin(suffix);
  await createOrganization(admin, orgName);
  await registerMember(admin, cluster, orgName, 'member-a');
  onMember('member-a', ['create', 'namespace', ns]);
  applyOnMember('member-a', [
    {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: configName, namespace: ns },
      data: { 'app.yaml': 'port: 8080' },
    },
  ]);
  gitOpsRole(roleName, orgName, ['configmap:list']);
  await gitOpsUser(userName, orgName, [{ cluster, role: roleName, effect: 'Allow' }]);
  // The detail page reads live as her: her role must have reached the member's RBAC.
  expect(await memberAllows('member-a', userName, 'get', 'configmaps')).toBe('yes');
  page = await signedInPage(browser, { userName, password: `pw-${userName}-1A` });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  onMember('member-a', ['delete', 'namespace', ns, '--ignore-not-found', '--wait=false']);
  if (admin) await unregisterMember(admin, cluster, orgName);
  removeGitOpsUser(userName);
  hub(['delete', 'roles.nimbus.io', roleName, '--ignore-not-found']);
  hub(['delete', 'organizations.nimbus.io', orgName, '--ignore-not-found', '--wait=false']);
  removeGitOpsSystemAdmin(suffix);
});

describe('a user with a narrow role', () => {
  it('is told a list she may not read is not allowed, and why', async () => {
    await open('/list/Secret');
    const refusal = page.getByTestId('not-allowed');
    await refusal.getByText('Not allowed').waitFor();
    await refusal.getByText(/does not grant secret:list/).waitFor();
    await screenshot(page, 'not-allowed');
    expect(await page.getByTestId('resource-table').count()).toBe(0);
  });

  it('lists config maps without Create, selection or batch', async () => {
    await open('/list/ConfigMap');
    await page.getByTestId('resource-filter-name').fill(suffix);
    await page.getByTestId('resource-filter-search').click();
    const table = page.getByTestId('resource-table');
    await table.getByRole('link', { name: configName }).waitFor();
    expect(await page.getByTestId('resource-list-create').count()).toBe(0);
    expect(await table.getByRole('checkbox').count()).toBe(0);
    expect(await page.getByRole('tab', { name: 'Batch operation' }).count()).toBe(0);
  });

  it("offers neither Edit YAML nor Delete on a config map's page", async () => {
    const query = new URLSearchParams({
      vendor: 'ProviderKubeconfig',
      region,
      cluster,
      namespace: ns,
    });
    await open(`/detail/ConfigMap/${configName}?${query.toString()}`);
    await page.getByTestId('resource-action-collect').waitFor();
    // The object has been read (its YAML shows), so every action it could offer is decided.
    await page.getByTestId('resource-yaml').getByText('port: 8080').waitFor();
    expect(await page.getByTestId('resource-action-editYaml').count()).toBe(0);
    expect(await page.getByTestId('resource-action-delete').count()).toBe(0);
  });

  it('is offered no creation form, and told why', async () => {
    await open('/add');
    const chooser = page.getByTestId('add-chooser');
    await chooser.getByText(/Your roles let you create nothing on any cluster yet/).waitFor();
    expect(await chooser.getByRole('link').count()).toBe(0);
  });

  it('has no audit to open', async () => {
    await open('/home');
    const tools = page.getByTestId('home-tool-card');
    await tools.first().waitFor();
    const links: Array<string | null> = [];
    for (const link of await tools.getByRole('link').all()) {
      links.push(await link.getAttribute('href'));
    }
    expect(links).toContain('/cluster-dashboard');
    expect(links).not.toContain('/audit');
    await page.goto(at('/audit'));
    await page.waitForURL(/\/notFound$/);
  });
});

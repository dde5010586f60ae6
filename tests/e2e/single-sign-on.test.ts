// Signing in through the company's identity provider in Chromium: the login screen's provider
// button, the test bed's real OpenID provider's own login and consent pages, back in the console
// signed in as the provider's user with the organization its group maps to — and no Nimbus MFA
// prompt, as the provider's own sign-in stands for it.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser.js';
import { createOrganization } from '../support/console.js';
import { testEnv } from '../support/env.js';
import { eventually, onScreen } from '../support/eventually.js';
import type { HubObject, Session } from '../support/iam.js';
import {
  expectOk,
  gitOpsSystemAdmin,
  hub,
  hubJson,
  removeGitOpsSystemAdmin,
} from '../support/iam.js';
import { deleteProviderUser, providerBody, putProviderUser } from '../support/oidc.js';

const s = `ssoe${Date.now().toString(36)}`;
const provider = `idp-${s}`;
const org = `org-${s}`;
const group = `team-${s}`;
const erin = { name: `erin-${s}`, password: `pw-${s}-erin` };

let browser: Browser;
let root: Session;

beforeAll(async () => {
  browser = await launchChromium();
  root = await gitOpsSystemAdmin(s);
  const { uuid } = await createOrganization(root, org);
  expectOk(
    await root.call('POST', '/groups', {
      name: group,
      organizationId: uuid,
      userIds: [],
      providers: [],
    }),
  );
  expectOk(
    await root.call(
      'POST',
      '/identity-providers',
      providerBody(provider, {
        groupMappings: [{ group: `corp-${s}`, organization: org, userGroup: group }],
      }),
    ),
  );
  await putProviderUser(erin.name, { password: erin.password, groups: [`corp-${s}`] });
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await deleteProviderUser(erin.name);
  const remove = (kind: string, name: string) =>
    hub(['delete', `${kind}.nimbus.io`, name, '--ignore-not-found', '--wait=false']);
  remove('identityproviders', provider);
  remove('users', erin.name);
  remove('usergroups', group);
  remove('organizations', org);
  removeGitOpsSystemAdmin(s);
});

describe('signing in with the company identity provider', () => {
  it("goes through the provider's own pages and lands signed in, in the mapped organization", async () => {
    const context = await browser.newContext({ locale: 'en-US' });
    await context.addCookies([{ name: 'language', value: 'en', url: testEnv.operatorUrl }]);
    context.setDefaultTimeout(90_000);
    const page = await context.newPage();
    await page.goto(new URL('/login', testEnv.operatorUrl).toString());
    await page.getByTestId(`sso-provider-${provider}`).click();

    // The provider's login page, then its consent page: not the console's.
    await page.locator('input[name="login"]').fill(erin.name);
    await page.locator('input[name="password"]').fill(erin.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Allow' }).click();

    const shown = await eventually(
      () => page.getByTestId('header-user-menu').textContent(),
      (text) => text?.includes(erin.name) ?? false,
      onScreen,
    );
    expect(shown).toContain(erin.name);
    expect(new URL(page.url()).pathname).not.toBe('/login');
    expect(await page.getByTestId('personal-settings-dialog').isVisible()).toBe(false);

    const user = hubJson<HubObject>(['get', 'users.nimbus.io', erin.name]);
    expect(user.spec).toMatchObject({
      externalIdentity: { provider },
      organizations: [{ name: org, admin: false }],
    });
    const members = hubJson<HubObject>(['get', 'usergroups.nimbus.io', group]).spec.members;
    expect(members).toContain(erin.name);
    await context.close();
  });
});
